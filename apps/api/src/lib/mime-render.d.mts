/** A compiled MailComposer tree (`new MailComposer(mail).compile()`), as far as this module needs it. */
export interface MimeTree {
  build(): Promise<Buffer>;
}

/** The message's bytes, exactly as `node.build()` gives them (mime-render.mjs). */
export function renderMessage(node: MimeTree): Promise<Buffer>;
