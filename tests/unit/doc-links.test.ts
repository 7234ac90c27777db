import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The README and docs/ must stand alone: every link to a file points at a file in this
// repository, and every link to a section (#…) at a heading that exists.
const root = resolve(__dirname, '../..');
const documents = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchor(m[1])));
}

function linksOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
    .replace(/```[\s\S]*?```/g, '')
    .replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
}

describe('links in the README and docs/', () => {
  for (const doc of documents) {
    it(`${doc}: every local link resolves`, () => {
      const file = join(root, doc);
      const broken: string[] = [];
      for (const link of linksOf(file)) {
        if (/^[a-z]+:/i.test(link)) continue; // https:, mailto:
        const [path, fragment] = link.split('#');
        const target = path ? resolve(dirname(file), path) : file;
        if (!target.startsWith(root) || !existsSync(target)) {
          broken.push(`${link} (no such file in the repository)`);
          continue;
        }
        if (fragment && target.endsWith('.md') && !anchorsOf(target).has(fragment))
          broken.push(`${link} (no heading "#${fragment}" in ${relative(root, target)})`);
      }
      expect(broken).toEqual([]);
    });
  }
});
