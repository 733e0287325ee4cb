// Reads the names in an OLE2 compound file's directory (the container of .doc and .xls), so the
// type check can tell a Word document (a "WordDocument" stream) from a workbook ("Workbook"/"Book").
// Bounded: it follows at most MAX_SECTORS sectors and never loops on a cyclic chain.

export const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

const MAX_SECTORS = 4096;
const END_OF_CHAIN = 0xfffffffe;
const HEADER_DIFAT_ENTRIES = 109;

export function isOle(bytes: Buffer): boolean {
  return bytes.length >= 512 && bytes.subarray(0, 8).equals(OLE_MAGIC);
}

/** Names of the directory entries (streams and storages), or null when the directory cannot be read. */
export function listOleEntryNames(bytes: Buffer): string[] | null {
  if (!isOle(bytes)) return null;
  const sectorShift = bytes.readUInt16LE(0x1e);
  if (sectorShift !== 9 && sectorShift !== 12) return null;
  const sectorSize = 1 << sectorShift;
  const entriesPerSector = sectorSize / 4;
  const sectorOffset = (id: number) => (id + 1) * sectorSize;
  const readSectorU32 = (sector: number, index: number): number | null => {
    const at = sectorOffset(sector) + index * 4;
    return at + 4 <= bytes.length ? bytes.readUInt32LE(at) : null;
  };

  // FAT sector ids: 109 in the header, then the DIFAT chain (each of its sectors ends with the next one's id).
  const fatSectors: number[] = [];
  for (let i = 0; i < HEADER_DIFAT_ENTRIES; i++) {
    const id = bytes.readUInt32LE(0x4c + i * 4);
    if (id < END_OF_CHAIN - 4) fatSectors.push(id);
  }
  let difat = bytes.readUInt32LE(0x44);
  for (let hops = 0; difat < END_OF_CHAIN - 4 && hops < MAX_SECTORS; hops++) {
    for (let i = 0; i < entriesPerSector - 1; i++) {
      const id = readSectorU32(difat, i);
      if (id !== null && id < END_OF_CHAIN - 4) fatSectors.push(id);
    }
    difat = readSectorU32(difat, entriesPerSector - 1) ?? END_OF_CHAIN;
  }
  const nextSector = (id: number): number | null => {
    const fatSector = fatSectors[Math.floor(id / entriesPerSector)];
    return fatSector === undefined ? null : readSectorU32(fatSector, id % entriesPerSector);
  };

  const names: string[] = [];
  const seen = new Set<number>();
  let sector: number | null = bytes.readUInt32LE(0x30);
  while (sector !== null && sector < END_OF_CHAIN - 4 && !seen.has(sector) && seen.size < MAX_SECTORS) {
    seen.add(sector);
    const start = sectorOffset(sector);
    if (start + sectorSize > bytes.length) return names.length > 0 ? names : null;
    for (let at = start; at < start + sectorSize; at += 128) {
      const type = bytes[at + 0x42];
      const nameBytes = Math.min(bytes.readUInt16LE(at + 0x40), 64);
      if (type === 0 || nameBytes < 2) continue; // unused entry
      names.push(bytes.toString('utf16le', at, at + nameBytes - 2));
    }
    sector = nextSector(sector);
  }
  return names.length > 0 ? names : null;
}
