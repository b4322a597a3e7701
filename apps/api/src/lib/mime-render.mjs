// A message's bytes from nodemailer's own tree of MIME nodes, written out in one synchronous pass.
//
// `node.build()` writes the same bytes through a stream pipeline: a transform for each encoded part, a
// callback and a setImmediate for each step, an AbortError for each part it finishes. For a digest of a
// few kilobytes that machinery cost more than the encoding itself (0.56–0.82 ms against 0.26–0.44 ms a
// message, measured on the 2-core machine). Here each node's headers come from the node itself
// (`buildHeaders`, which also picks its transfer encoding) and each part is encoded by nodemailer's own
// base64 and quoted-printable functions, in the order and with the separators that `MimeNode.stream`
// writes; mime-render.test.ts checks that both give the same bytes. A tree holding anything but
// strings and buffers (a stream, a file, a URL, raw source) is left to `build()`.
import { randomBytes } from 'node:crypto';
import * as base64 from 'nodemailer/lib/base64';
import MimeNode from 'nodemailer/lib/mime-node';
import * as qp from 'nodemailer/lib/qp';

/** The line length of both encoders, as MimeNode's streams use them. */
const LINE = 76;

/** Whether every node of the tree is one this module can write: headers, and text or bytes. */
function plain(node) {
  if (node._raw) return false;
  const c = node.content;
  if (c && typeof c !== 'string' && !Buffer.isBuffer(c)) return false;
  return node.childNodes.every(plain);
}

function write(node, out) {
  out.push(Buffer.from(`${node.buildHeaders()}\r\n\r\n`));
  const content = node.content;
  if (content) {
    const encoding = node.getTransferEncoding();
    const bytes = Buffer.isBuffer(content) ? content : Buffer.from(content);
    if (encoding === 'base64') out.push(Buffer.from(base64.wrap(base64.encode(bytes), LINE), 'latin1'));
    else if (encoding === 'quoted-printable') {
      // Outside text a lone CR or LF is data (MimeNode's `binary`): left to the stream, which handles it.
      if (!/^text\//i.test(node.contentType || '')) throw new Error('not plain');
      out.push(Buffer.from(qp.wrap(qp.encode(bytes), LINE), 'latin1'));
    } else out.push(bytes);
  }
  if (node.multipart) {
    node.childNodes.forEach((child, i) => {
      out.push(Buffer.from(`${i ? '\r\n' : ''}--${node.boundary}\r\n`));
      write(child, out);
    });
    out.push(Buffer.from(`\r\n--${node.boundary}--\r\n`));
  }
}

/**
 * The message of a compiled MailComposer tree (`new MailComposer(mail).compile()`), as `node.build()`
 * gives it: synchronously when every part is a string or a buffer, through `build()` otherwise.
 */
export async function renderMessage(node) {
  if (!plain(node) || node.newline || node._transforms.length || node._processFuncs.length)
    return node.build();
  const out = [];
  try {
    write(node, out);
  } catch {
    return node.build();
  }
  const raw = Buffer.concat(out);
  // The stream's last stage ends every message with a line break.
  const last = raw[raw.length - 1];
  if (last === 0x0a) return raw;
  return Buffer.concat([raw, Buffer.from(last === 0x0d ? '\n' : '\r\n')]);
}

/** Random for each thread, so that no two messages from any thread share a boundary. */
const boundaryBase = randomBytes(8).toString('hex');
let boundaries = 0;

/**
 * The shared part of a message's multipart boundaries (MailComposer's `baseBoundary`): this thread's
 * random part and a count. Left to nodemailer, every node of the tree draws eight random bytes for it,
 * though only the root's is used: three calls into the random generator for a digest, about a twentieth
 * of a mail thread's time. The boundary only has to differ from the message's content and from other
 * messages' boundaries.
 */
export function messageBoundary() {
  boundaries = (boundaries + 1) % Number.MAX_SAFE_INTEGER;
  return `${boundaryBase}${boundaries.toString(16)}`;
}

/**
 * nodemailer's own header-name normalisation, kept for the test that checks the remembered one against it.
 */
export const normalizeHeaderKey = MimeNode.prototype._normalizeHeaderKey;
/** Header names as normalised, by the name asked for: a message uses a dozen, asked for again and again. */
const headerKeys = new Map();
const HEADER_KEYS_KEPT = 1_000;

// MimeNode normalises a header's name with three regular expressions each time a header is set or read,
// dozens of times a message (about a twentieth of a mail thread's time). The result depends on the name
// alone, so each name's is remembered (names beyond the first thousand are worked out each time).
if (typeof normalizeHeaderKey === 'function') {
  MimeNode.prototype._normalizeHeaderKey = function rememberedHeaderKey(key) {
    if (typeof key !== 'string') return normalizeHeaderKey.call(this, key);
    let normalized = headerKeys.get(key);
    if (normalized === undefined) {
      normalized = normalizeHeaderKey.call(this, key);
      if (headerKeys.size < HEADER_KEYS_KEPT) headerKeys.set(key, normalized);
    }
    return normalized;
  };
}
