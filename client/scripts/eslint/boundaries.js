// A local ESLint rule for the source tree's layers (bulletproof-react, STYLE.md):
//   components/ and lib/ (the kit) never import features/ or app/;
//   a feature (features/<name>/) imports only itself and the kit, never another feature or app/;
//   app/ composes everything.
// It resolves each import (`@/…` and relative paths, static and dynamic) to the folder it
// lands in, so a file's depth inside its folder does not matter.
import path from 'node:path';

/** The layer a path inside src/ belongs to: 'app', 'components', 'lib', 'features/<name>'. */
export function layerOf(relative) {
  const parts = relative.split(/[\\/]/);
  if (parts[0] === 'features') return parts.length > 2 ? `features/${parts[1]}` : 'features';
  return parts.length > 1 ? parts[0] : null;
}

/** Why `from` may not import `to` (both layers), or null when it may. */
export function refusal(from, to) {
  if (!from || !to || from === to || from === 'app') return null;
  const shared = from === 'components' || from === 'lib';
  if (shared && (to === 'app' || to.startsWith('features'))) {
    return `${from}/ is the shared kit: it may not import ${to}/ (pass what it needs in, or move the code to the kit).`;
  }
  if (from.startsWith('features/') && to === 'app') {
    return `${from} may not import app/: app/ composes features.`;
  }
  if (from.startsWith('features/') && to.startsWith('features')) {
    return `${from} may not import ${to}: a feature never imports another feature (compose them in app/, or move the shared part to components/ or lib/).`;
  }
  return null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'keep components/, lib/, features/<name>/ and app/ in their layers' },
    schema: [
      {
        type: 'object',
        properties: { src: { type: 'string' }, alias: { type: 'string' } },
        additionalProperties: false,
      },
    ],
    messages: { refused: '{{why}}' },
  },
  create(context) {
    const { src, alias = '@/' } = context.options[0] ?? {};
    const file = context.filename;
    const root = src ?? path.join(context.cwd, 'src');
    const fromRelative = path.relative(root, file);
    if (fromRelative.startsWith('..')) return {};
    const from = layerOf(fromRelative);

    const check = (node, source) => {
      if (typeof source !== 'string') return;
      let target;
      if (source.startsWith(alias)) target = path.join(root, source.slice(alias.length));
      else if (source.startsWith('.')) target = path.resolve(path.dirname(file), source);
      else return; // a package
      const toRelative = path.relative(root, target);
      if (toRelative.startsWith('..')) return;
      const why = refusal(
        from,
        layerOf(toRelative.includes(path.sep) ? toRelative : `${toRelative}/x`),
      );
      if (why) context.report({ node, messageId: 'refused', data: { why } });
    };
    const literal = (node) => (node?.type === 'Literal' ? node.value : undefined);
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => check(node.source, literal(node.source)),
    };
  },
};
