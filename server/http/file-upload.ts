import { Readable } from "node:stream";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import busboy from "busboy";
import { createMiddleware } from "hono/factory";
import { type AppError, badRequest } from "../errors.js";
import type { AppEnv } from "./env.js";

/** The uploaded file of a multipart form, as one buffer. */
export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

const TEXT_FIELD_BYTES = 200_000;

/**
 * Reads a multipart form with busboy as it streams in: the file's bytes are gathered once (Hono's form
 * parsing held the body, the parsed form and the file as separate copies, about eight times a file's size
 * at its peak), a file over `maxBytes` is refused with `tooLarge()` as soon as it passes the limit, and
 * the text fields stay available to the route's zod validator (the form it reads is this one, with an
 * empty stand-in for the file: its bytes are `c.var.upload`).
 */
export const fileUpload = (options: {
  fieldName: string;
  maxBytes: (c: { var: AppEnv["Variables"] }) => number;
  tooLarge: (max: number) => AppError;
  /** The message when the request is not a form with a file. */
  missing: string;
}) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const { fieldName, missing } = options;
    const type = c.req.header("content-type") ?? "";
    const body = c.req.raw.body;
    if (!/^multipart\/form-data/i.test(type) || !body) throw badRequest(missing);
    const max = options.maxBytes(c);
    const declared = Number(c.req.header("content-length"));
    const expected = Number.isSafeInteger(declared) && declared > 0 ? Math.min(declared, max) : 0;
    const { file, fields } = await readForm(body, type, fieldName, { max, expected }, () => options.tooLarge(max), missing);
    const form = new FormData();
    for (const [name, value] of fields) form.append(name, value);
    if (file) form.set(fieldName, new File([], file.name));
    c.req.bodyCache.formData = form;
    if (file) c.set("upload", file);
    await next();
  });

function readForm(
  body: ReadableStream<Uint8Array>,
  type: string,
  fieldName: string,
  { max, expected }: { max: number; expected: number },
  tooLarge: () => AppError,
  missing: string,
) {
  return new Promise<{ file: UploadedFile | undefined; fields: [string, string][] }>((resolve, reject) => {
    const fields: [string, string][] = [];
    let file: UploadedFile | undefined;
    let failure: Error | undefined;
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: { "content-type": type }, limits: { fileSize: max, files: 1, fields: 20, fieldSize: TEXT_FIELD_BYTES } });
    } catch {
      reject(badRequest(missing));
      return;
    }
    parser.on("file", (name, stream, info) => {
      if (name !== fieldName) {
        stream.resume();
        return;
      }
      // A form cut short fails the file's stream as well as the parser; the parser's error answers it.
      stream.on("error", () => undefined);
      const gathered = gatherer(expected);
      stream.on("data", (chunk: Buffer) => gathered.add(chunk));
      stream.on("limit", () => {
        failure = tooLarge();
        gathered.clear();
      });
      stream.on("end", () => {
        if (!failure) file = { name: info.filename ?? "", bytes: gathered.bytes() };
      });
    });
    parser.on("field", (name, value) => fields.push([name, value]));
    parser.on("error", () => reject(failure ?? badRequest("The upload could not be read; please try again")));
    parser.on("close", () => (failure ? reject(failure) : resolve({ file, fields })));
    const source = Readable.fromWeb(body as unknown as NodeWebStream<Uint8Array>);
    source.on("error", () => reject(badRequest("The upload could not be read; please try again")));
    source.pipe(parser);
  });
}

/** Beyond this much room left unused at the end, the bytes are copied to a buffer of their own size. */
const SPARE_BYTES = 64 * 1024;

/**
 * A file's bytes copied into one buffer chunk by chunk as they arrive, sized by the request's declared
 * length when it has one: joined at the end instead, ten 10 MB uploads ending in the same turn of the
 * event loop held it for 300 ms copying (and a liveness check waited over a second on a busy machine).
 */
function gatherer(expected: number) {
  let buffer = Buffer.allocUnsafe(expected || SPARE_BYTES);
  let length = 0;
  return {
    add(chunk: Buffer) {
      if (length + chunk.length > buffer.length) {
        const grown = Buffer.allocUnsafe(Math.max(buffer.length * 2, length + chunk.length));
        buffer.copy(grown, 0, 0, length);
        buffer = grown;
      }
      chunk.copy(buffer, length);
      length += chunk.length;
    },
    clear() {
      buffer = Buffer.alloc(0);
      length = 0;
    },
    /** The bytes; a copy only when much of the buffer is unused (a thread given the file copies all of it). */
    bytes(): Uint8Array {
      const exact = buffer.length - length > SPARE_BYTES ? Buffer.from(buffer.subarray(0, length)) : buffer.subarray(0, length);
      return new Uint8Array(exact.buffer, exact.byteOffset, exact.byteLength);
    },
  };
}
