// Reads a PDF back as a PDF reader does (Mozilla's pdf.js, its Node build): every page's text,
// and the document's title. The certificate tests assert on what a reader sees.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// the standard 14 fonts' metrics, for reading text drawn in them
const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string; title: string }> {
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl,
    useSystemFonts: false,
    isEvalSupported: false,
  }).promise;
  const parts: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    parts.push(content.items.map((it) => ('str' in it ? it.str : '')).join('\n'));
  }
  const meta = await doc.getMetadata();
  const title = String((meta.info as { Title?: string }).Title ?? '');
  const pages = doc.numPages;
  await doc.destroy();
  return { pages, text: parts.join('\n'), title };
}
