// A file the Worker answers (the back-office's CSV exports), through the API client's `request`:
// the same token, refresh and failure behaviour as every JSON call. A module of its own, so that
// the shop's pages, which never download a file, do not carry it.
import { type ApiRequestOptions, request } from "./api-client";

/** A file the Worker answers (a CSV export): its bytes, and the name its Content-Disposition gives. */
export interface ApiFile {
  blob: Blob;
  filename: string | null;
}

/** `api` for an answer that is a file rather than JSON: the same session and failure behaviour. */
export async function apiFile(path: string, options: ApiRequestOptions = {}): Promise<ApiFile> {
  // Any type: a refusal still comes as the JSON error shape, which `request` reads.
  const response = await request(path, options, "*/*");
  return {
    blob: await response.blob(),
    filename: attachmentName(response.headers.get("Content-Disposition")),
  };
}

/** The file name of `attachment; filename="a.csv"` (or its RFC 5987 `filename*=UTF-8''a.csv`). */
export function attachmentName(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed escape: the plain filename, if any, below.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(disposition);
  const name = plain?.[1]?.replace(/\\(.)/g, "$1") ?? plain?.[2]?.trim();
  return name || null;
}
