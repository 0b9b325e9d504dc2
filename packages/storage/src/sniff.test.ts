import { describe, expect, it } from 'vitest';
import { isVideoFileType, sniffFileType } from './sniff';
import { buildZip } from './testing/zip-writer';

function ftyp(brand: string): Buffer {
  const b = Buffer.alloc(32);
  b.writeUInt32BE(32, 0);
  b.write('ftyp', 4, 'latin1');
  b.write(brand, 8, 'latin1');
  return b;
}

describe('sniffFileType', () => {
  it.each([
    ['isom', 'mp4'],
    ['mp42', 'mp4'],
    ['M4V ', 'mp4'],
    ['qt  ', 'mov'],
  ])('reads the ftyp brand %j as %s', (brand, type) => {
    expect(sniffFileType(ftyp(brand))).toBe(type);
  });

  it('recognises a ZIP, an empty ZIP and an XLSX-like ZIP', () => {
    expect(sniffFileType(buildZip([{ name: 'a.txt', data: 'x' }]))).toBe('zip');
    expect(sniffFileType(buildZip([]))).toBe('zip');
    expect(sniffFileType(buildZip([{ name: '[Content_Types].xml', data: '<Types/>' }, { name: 'xl/workbook.xml', data: '<w/>' }]))).toBe('zip');
  });

  it('recognises Matroska, AVI and old QuickTime without ftyp', () => {
    expect(sniffFileType(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0]))).toBe('mkv');
    expect(sniffFileType(Buffer.from('RIFF\0\0\0\0AVI LIST', 'latin1'))).toBe('avi');
    expect(sniffFileType(Buffer.from('\0\0\0\x08wide\0\0\0\0mdat', 'latin1'))).toBe('mov');
  });

  it('reports anything else as unknown, including short buffers', () => {
    expect(sniffFileType(Buffer.from('%PDF-1.7 hello world'))).toBe('unknown');
    expect(sniffFileType(Buffer.from('PK'))).toBe('unknown');
    expect(sniffFileType(Buffer.alloc(0))).toBe('unknown');
    expect(sniffFileType(Buffer.from('\x89PNG\r\n\x1a\n\0\0\0\0', 'latin1'))).toBe('unknown');
  });

  it('tells videos from the rest', () => {
    expect(isVideoFileType('mp4')).toBe(true);
    expect(isVideoFileType('zip')).toBe(false);
    expect(isVideoFileType('unknown')).toBe(false);
  });
});
