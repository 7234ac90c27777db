/** The file name: the course title lower-cased with spaces as hyphens, plus -text-compendium.txt. */
export function compendiumFileName(courseTitle: string): string {
  return `${courseTitle.trim().toLowerCase().replace(/\s+/g, '-')}-text-compendium.txt`;
}

export interface CompendiumChapter {
  title: string;
  sort_order: number;
  content: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Every chapter's text in course order, as one plain-text file. */
export function compendiumText(courseTitle: string, chapters: readonly CompendiumChapter[]): string {
  const ordered = [...chapters].sort((a, b) => a.sort_order - b.sort_order);
  const parts = [`${courseTitle}\nText compendium\n`];
  ordered.forEach((c, i) => {
    const heading = `Chapter ${pad(i + 1)}: ${c.title}`;
    const body = c.content.trim() || '(No text content yet.)';
    parts.push(`${heading}\n${'='.repeat(heading.length)}\n\n${body}\n`);
  });
  return `${parts.join('\n')}`;
}
