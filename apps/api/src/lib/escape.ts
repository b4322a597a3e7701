/** Text into HTML and XML: the five characters that could end a text or an attribute, as entities. */
const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const XML: Record<string, string> = { ...HTML, "'": '&apos;' };

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML[c]!);

export const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => XML[c]!);
