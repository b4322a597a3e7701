/** A compiled MailComposer tree (`new MailComposer(mail).compile()`), as far as this module needs it. */
export interface MimeTree {
  build(): Promise<Buffer>;
}

/** The message's bytes, exactly as `node.build()` gives them (mime-render.mjs). */
export function renderMessage(node: MimeTree): Promise<Buffer>;

/** The shared part of a message's multipart boundaries: different for every message (mime-render.mjs). */
export function messageBoundary(): string;

/** nodemailer's own normalisation of a header's name, as it was before this module remembered names. */
export function normalizeHeaderKey(key: unknown): string;
