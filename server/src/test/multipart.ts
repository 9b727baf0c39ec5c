/** A multipart/form-data body as a browser's FormData would send it. */
export function multipart(fields: Record<string, string>, files: Array<{ field: string; name: string; content: Buffer; type?: string }>) {
  const boundary = `----verigate${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/pdf'}\r\n\r\n`,
      ),
    );
    chunks.push(file.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export const pdf = (text = 'KYC document', padTo = 0) => {
  const body = `%PDF-1.4\n% ${text}\n%%EOF\n`;
  return Buffer.concat([Buffer.from(body), Buffer.alloc(Math.max(0, padTo - body.length), 0x20)]);
};
