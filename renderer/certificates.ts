// Certificate PDFs: of authenticity for a sold print copy, of completion for a learner. The
// hooks (pb_hooks/lib/shop/certificates.js) cannot draw PDFs or decode images, so they hand the
// facts and the image files (in the shared work folder) to this process, which writes the PDF
// beside them. pdf-lib draws the page (standard fonts, no files read at run time, bundled with
// the renderer); qrcode gives the QR matrix of the verification URL, drawn as vector squares;
// sharp turns the print's image and the artist's signature into JPEGs of a sensible size.
// Paths are taken only inside the private work folder, as for the image copies
// (renderer/image-variants.ts), and the PDF is written as a new file there (never over one).
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { inWorkFolder } from './image-variants';

export class CertificateError extends Error {}

export interface CertificateRequest {
  kind: 'print' | 'course';
  /** Where to write the PDF, inside the work folder. */
  out: string;
  artist: string;
  title: string;
  /** XXXX-XXXX-XXXX */
  code: string;
  verifyUrl: string;
  /** YYYY-MM-DD */
  date: string;
  /** Image files inside the work folder ("" when there is none). */
  signature: string;
  image?: string;
  editionNumber?: number;
  editionSize?: number;
  medium?: string;
  size?: string;
  holder?: string;
}

function workPath(path: unknown, root: string, field: string, optional: boolean): string {
  if (optional && (path === undefined || path === '')) return '';
  return inWorkFolder(path, root, field);
}

function text(v: unknown, field: string, max: number, optional = false): string {
  if (v === undefined && optional) return '';
  if (typeof v !== 'string' || v.length > max || (!optional && !v.trim()))
    throw new CertificateError(`${field}: text up to ${max} characters is required`);
  return v;
}

/** Checks a request body from the hooks; every path must be inside the work folder `root`. */
export function parseCertificateRequest(body: unknown, root: string): CertificateRequest {
  const b = (body ?? {}) as Record<string, unknown>;
  if (b.kind !== 'print' && b.kind !== 'course') throw new CertificateError('kind: print or course');
  const code = text(b.code, 'code', 14);
  if (!/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/.test(code)) throw new CertificateError('code: XXXX-XXXX-XXXX');
  const verifyUrl = text(b.verifyUrl, 'verifyUrl', 500);
  if (!/^https?:\/\//.test(verifyUrl)) throw new CertificateError('verifyUrl: an http(s) URL');
  const req: CertificateRequest = {
    kind: b.kind,
    out: workPath(b.out, root, 'out', false),
    artist: text(b.artist, 'artist', 200),
    title: text(b.title, 'title', 300),
    code,
    verifyUrl,
    date: text(b.date, 'date', 10),
    signature: workPath(b.signature, root, 'signature', true),
  };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(req.date)) throw new CertificateError('date: YYYY-MM-DD');
  if (b.kind === 'print') {
    const n = b.editionNumber;
    const size = b.editionSize;
    if (!Number.isInteger(n) || !Number.isInteger(size) || (n as number) < 1 || (n as number) > (size as number))
      throw new CertificateError('editionNumber: a whole number from 1 to editionSize');
    req.editionNumber = n as number;
    req.editionSize = size as number;
    req.medium = text(b.medium, 'medium', 200, true);
    req.size = text(b.size, 'size', 100, true);
    req.image = workPath(b.image, root, 'image', true);
  } else {
    req.holder = text(b.holder, 'holder', 200);
  }
  return req;
}

/** The QR code's modules (true = dark), row by row, without the quiet zone. */
export async function qrMatrix(value: string): Promise<boolean[][]> {
  const { default: QRCode } = await import('qrcode');
  const qr = QRCode.create(value, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => !!qr.modules.get(r, c)));
}

/** An image file as a JPEG at most `width` px wide (transparent parts white), or null when unreadable. */
async function jpeg(path: string, width: number): Promise<Uint8Array | null> {
  if (!path) return null;
  try {
    const { default: sharp } = await import('sharp');
    return await sharp(path)
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 88 })
      .toBuffer();
  } catch (err) {
    console.warn(`[certificates] image ${path} not readable:`, err instanceof Error ? err.message : err);
    return null;
  }
}

const INK = { r: 0.11, g: 0.1, b: 0.09 };
const MUTED = { r: 0.42, g: 0.38, b: 0.35 };

/** Writes the certificate's PDF to req.out; returns its size in bytes. */
export async function makeCertificate(req: CertificateRequest): Promise<number> {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  const isPrint = req.kind === 'print';
  const heading = isPrint ? 'Certificate of Authenticity' : 'Certificate of Completion';
  pdf.setTitle(`${heading} — ${req.title}`);
  pdf.setAuthor(req.artist);
  pdf.setSubject(`Verification code ${req.code}`);
  pdf.setCreator('Atelier');
  const page = pdf.addPage([595.28, 841.89]); // A4
  const { width, height } = page.getSize();
  const serif = await pdf.embedFont(StandardFonts.TimesRoman);
  const italic = await pdf.embedFont(StandardFonts.TimesRomanItalic);
  const sans = await pdf.embedFont(StandardFonts.Helvetica);
  const mono = await pdf.embedFont(StandardFonts.Courier);
  const ink = rgb(INK.r, INK.g, INK.b);
  const muted = rgb(MUTED.r, MUTED.g, MUTED.b);

  // The standard fonts encode Western European text (WinAnsi): other letters lose their accents,
  // or become "?" when they have no plain form.
  const charset = new Set(serif.getCharacterSet());
  const printable = (s: string) =>
    [...s.normalize('NFC')]
      .map((ch) => {
        if (charset.has(ch.codePointAt(0) ?? 0)) return ch;
        const plain = ch.normalize('NFD').replace(/\p{M}/gu, '');
        const mapped = ({ Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', ı: 'i' } as Record<string, string>)[ch] ?? plain;
        return [...mapped].every((c) => charset.has(c.codePointAt(0) ?? 0)) ? mapped : '?';
      })
      .join('');
  type Font = typeof serif;
  const centred = (s: string, y: number, font: Font, size: number, color = ink) => {
    const t = printable(s);
    let sz = size;
    while (sz > 8 && font.widthOfTextAtSize(t, sz) > width - 120) sz -= 1;
    page.drawText(t, { x: (width - font.widthOfTextAtSize(t, sz)) / 2, y, size: sz, font, color });
  };

  // frame
  page.drawRectangle({ x: 28, y: 28, width: width - 56, height: height - 56, borderColor: muted, borderWidth: 0.8 });
  page.drawRectangle({ x: 34, y: 34, width: width - 68, height: height - 68, borderColor: muted, borderWidth: 0.3 });

  centred(req.artist.toUpperCase(), height - 90, sans, 10, muted);
  centred(heading, height - 130, serif, 28);

  let y = height - 170;
  if (isPrint) {
    const img = await jpeg(req.image ?? '', 1200);
    if (img) {
      const embedded = await pdf.embedJpg(img);
      const scale = Math.min(300 / embedded.width, 300 / embedded.height);
      const w = embedded.width * scale;
      const h = embedded.height * scale;
      page.drawImage(embedded, { x: (width - w) / 2, y: y - h, width: w, height: h });
      y -= h + 34;
    } else {
      y -= 20;
    }
    centred(req.title, y, italic, 22);
    y -= 30;
    centred(`Edition ${req.editionNumber}/${req.editionSize}`, y, serif, 16);
    y -= 26;
    for (const line of [req.medium, req.size].filter(Boolean) as string[]) {
      centred(line, y, serif, 12, muted);
      y -= 18;
    }
    centred(`Date of sale: ${req.date}`, y, serif, 12, muted);
    y -= 30;
    centred(
      `This certifies that copy ${req.editionNumber} of ${req.editionSize} of this limited edition is an authentic work`,
      y,
      serif,
      11,
    );
    y -= 15;
    centred(`by ${req.artist}, signed and numbered by the artist.`, y, serif, 11);
  } else {
    y -= 60;
    centred('This certifies that', y, serif, 14, muted);
    y -= 48;
    centred(req.holder ?? '', y, italic, 32);
    y -= 44;
    centred('has completed every chapter of the course', y, serif, 14, muted);
    y -= 40;
    centred(req.title, y, italic, 24);
    y -= 32;
    centred(`taught by ${req.artist}`, y, serif, 13, muted);
    y -= 22;
    centred(`Completed on ${req.date}`, y, serif, 13, muted);
  }

  // signature, bottom left
  const sigY = 120;
  const sig = await jpeg(req.signature, 900);
  if (sig) {
    const embedded = await pdf.embedJpg(sig);
    const scale = Math.min(180 / embedded.width, 60 / embedded.height);
    page.drawImage(embedded, { x: 70, y: sigY + 8, width: embedded.width * scale, height: embedded.height * scale });
  }
  page.drawLine({ start: { x: 70, y: sigY }, end: { x: 260, y: sigY }, thickness: 0.6, color: muted });
  page.drawText(printable(req.artist), { x: 70, y: sigY - 16, size: 11, font: serif, color: ink });
  page.drawText('Artist', { x: 70, y: sigY - 30, size: 9, font: sans, color: muted });

  // QR of the verification URL, bottom right, with the code under it
  const modules = await qrMatrix(req.verifyUrl);
  const box = 96;
  const cell = box / modules.length;
  const qx = width - 70 - box;
  const qy = sigY - 10;
  for (const [r, row] of modules.entries()) {
    for (const [c, dark] of row.entries()) {
      if (dark)
        page.drawRectangle({ x: qx + c * cell, y: qy + box - (r + 1) * cell, width: cell, height: cell, color: ink });
    }
  }
  const codeWidth = mono.widthOfTextAtSize(req.code, 12);
  page.drawText(req.code, { x: qx + (box - codeWidth) / 2, y: qy - 18, size: 12, font: mono, color: ink });
  const verifyLine = `Verify: ${req.verifyUrl}`;
  let vs = 8;
  while (vs > 5 && sans.widthOfTextAtSize(verifyLine, vs) > width - 140) vs -= 0.5;
  page.drawText(verifyLine, {
    x: (width - sans.widthOfTextAtSize(verifyLine, vs)) / 2,
    y: 48,
    size: vs,
    font: sans,
    color: muted,
  });

  const bytes = await pdf.save();
  // a new file only: nothing already there (or linked there) is overwritten
  const out = await open(
    req.out,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
    0o600,
  );
  try {
    await out.writeFile(bytes);
  } finally {
    await out.close();
  }
  return bytes.length;
}
