import type { FileKind } from '../model.js';

/**
 * Files travel as base64 without a `data:` prefix (seed 001 §3). Their kind is read from their
 * first bytes, never from a name, and their size from the base64 length — without decoding the
 * whole file. Browser-safe (atob/btoa).
 */
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export const isBase64 = (value: string): boolean => value.length % 4 === 0 && value.length > 0 && BASE64.test(value);

/** Decoded size in bytes of a well-formed base64 string. */
export const decodedSize = (value: string): number => (value.length / 4) * 3 - (value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0);

const startsWith = (bytes: string, signature: number[], offset = 0) => signature.every((byte, index) => bytes.charCodeAt(offset + index) === byte);

/** The kind of a base64 file by its magic number, or null when it is none of the known kinds. */
export function fileKind(value: string): FileKind | null {
  if (!isBase64(value)) return null;
  const head = atob(value.slice(0, 16));
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

export const binaryToBase64 = (binary: string): string => btoa(binary);

/** The file with ASCII `text` appended: viewers ignore trailing bytes, the sandbox reads them. */
export const appendText = (value: string, text: string): string => btoa(atob(value) + text);

/** Sample files for examples and tests: an 8×8 PNG and a 1×1 JPEG. */
export const SAMPLE_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGM4cekhVsQwtCQAASqewcJEzK8AAAAASUVORK5CYII=';
export const SAMPLE_JPEG =
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=';
