/**
 * ESLint rule: words shown to people come from the message catalogues
 * (apps/web/src/messages), never from a literal in a component. Reports JSX
 * text with a letter in it ("Save", "नमस्ते"), string literals with a letter
 * as JSX children ({'Save'}, {`Save ${n}`}), and the same in the attributes
 * that are read or shown (alt, title, placeholder, aria-label, label, …).
 * Punctuation, symbols and numbers between elements ("/", "·", "*", "₹") are fine.
 */
const LETTER = /\p{L}/u;
const SHOWN_ATTRIBUTES = new Set([
  'alt',
  'title',
  'placeholder',
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'label',
  'text',
  'message',
  'empty',
  'hint',
  'heading',
  'description',
]);

const hasWords = (node) => {
  if (!node) return false;
  if (node.type === 'Literal') return typeof node.value === 'string' && LETTER.test(node.value);
  if (node.type === 'TemplateLiteral') return node.quasis.some((q) => LETTER.test(q.value.cooked ?? ''));
  if (node.type === 'ConditionalExpression') return hasWords(node.consequent) || hasWords(node.alternate);
  if (node.type === 'LogicalExpression') return hasWords(node.right);
  return false;
};

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Shown text comes from the message catalogues, not from literals in components.' },
    messages: {
      literal: 'Text shown to people belongs in the message catalogues (apps/web/src/messages): "{{text}}".',
    },
    schema: [],
  },
  create(context) {
    const report = (node, text) =>
      context.report({ node, messageId: 'literal', data: { text: String(text).trim().slice(0, 40) } });
    return {
      JSXText(node) {
        if (LETTER.test(node.value)) report(node, node.value);
      },
      JSXExpressionContainer(node) {
        if (node.parent?.type === 'JSXAttribute') return;
        if (hasWords(node.expression)) report(node, context.sourceCode.getText(node.expression));
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : '';
        if (!SHOWN_ATTRIBUTES.has(name) || !node.value) return;
        const value = node.value.type === 'JSXExpressionContainer' ? node.value.expression : node.value;
        if (hasWords(value)) report(node.value, context.sourceCode.getText(node.value));
      },
    };
  },
};
