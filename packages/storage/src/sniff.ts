/** What the first bytes of a file say it is. XLSX/DOCX are ZIPs and report as 'zip'. */
export type SniffedFileType = 'mp4' | 'mov' | 'mkv' | 'avi' | 'zip' | 'unknown';

const VIDEO_TYPES: ReadonlySet<SniffedFileType> = new Set(['mp4', 'mov', 'mkv', 'avi']);

// QuickTime files without an ftyp box start straight with one of these atoms.
const QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

/** Reads the magic bytes; 16 bytes are enough, pass more if you have them. */
export function sniffFileType(buffer: Uint8Array): SniffedFileType {
  const b = Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  if (b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b) {
    const sig = b.readUInt32LE(0);
    // local file header, empty archive (end of central directory only), spanned archive
    if (sig === 0x04034b50 || sig === 0x06054b50 || sig === 0x08074b50) return 'zip';
  }
  if (b.length >= 12) {
    const box = b.toString('latin1', 4, 8);
    if (box === 'ftyp') {
      const brand = b.toString('latin1', 8, 12);
      return brand === 'qt  ' ? 'mov' : 'mp4';
    }
    if (QUICKTIME_ATOMS.has(box)) return 'mov';
    if (b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'AVI ') return 'avi';
  }
  if (b.length >= 4 && b.readUInt32BE(0) === 0x1a45dfa3) return 'mkv';
  return 'unknown';
}

export function isVideoFileType(type: SniffedFileType): boolean {
  return VIDEO_TYPES.has(type);
}
