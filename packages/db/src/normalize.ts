/** The upsert key of a catalog robot: maker and model compared without case, spaces or punctuation. */
export function normalizeRobotKey(manufacturer: string, model: string): string {
  const clean = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '');
  return `${clean(manufacturer)}|${clean(model)}`;
}
