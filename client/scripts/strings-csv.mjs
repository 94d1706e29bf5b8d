// Every word of the app in one CSV for volunteer translators (issue 35), and back.
//
//   node scripts/strings-csv.mjs export [file.csv]   every text module's words: file, key,
//                                                    English, Kannada, kind (stdout when no file)
//   node scripts/strings-csv.mjs import file.csv     writes the changed Kannada cells back into
//                                                    the .kn.ts modules
//
// It reads the modules' source with TypeScript's parser (nothing is executed): `text` rows are
// plain words; `code` rows are words with values in them (`(n: number) => \`${n} ಸದಸ್ಯರು\``),
// edited as they are written. An import checks every row first and writes nothing when a row
// names a module or key that does not exist, or a file changed since; then run `npx tsc -b`.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SRC = path.resolve(import.meta.dirname, '..', 'src');
const HEADER = ['file', 'key', 'english', 'kannada', 'kind'];

/** The text modules under `src`: text.ts, *-text.ts and the public layout's nav.ts. */
export function textModules(src = SRC) {
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/(^|-)text\.ts$/.test(entry.name) || full === path.join(src, 'app', 'nav.ts'))
        found.push(path.relative(src, full));
    }
  };
  walk(src);
  return found.sort();
}

const unwrap = (node) => {
  while (
    node &&
    (ts.isAsExpression(node) ||
      ts.isSatisfiesExpression(node) ||
      ts.isParenthesizedExpression(node) ||
      ts.isTypeAssertionExpression(node))
  )
    node = node.expression;
  return node;
};

const propName = (name) =>
  ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) ? name.text : null;

/**
 * The words of a module's source: a Map from `export.key.path` to `{ value, kind, start, end }`
 * (`start`/`end`: where the value is written, for an import).
 */
export function wordsOf(source, fileName = 'text.ts') {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const consts = new Map();
  const exported = [];
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const isExport = statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    for (const d of statement.declarationList.declarations) {
      if (!ts.isIdentifier(d.name) || !d.initializer) continue;
      consts.set(d.name.text, d.initializer);
      if (isExport) exported.push(d.name.text);
    }
  }
  const words = new Map();
  const visit = (node, key, seen) => {
    node = unwrap(node);
    if (ts.isIdentifier(node) && consts.has(node.text) && !seen.has(node.text)) {
      visit(consts.get(node.text), key, new Set([...seen, node.text]));
    } else if (ts.isObjectLiteralExpression(node)) {
      for (const p of node.properties) {
        if (ts.isSpreadAssignment(p)) visit(p.expression, key, seen);
        else if (ts.isShorthandPropertyAssignment(p)) visit(p.name, `${key}.${p.name.text}`, seen);
        else if (ts.isPropertyAssignment(p) && propName(p.name) !== null)
          visit(p.initializer, `${key}.${propName(p.name)}`, seen);
      }
    } else if (ts.isArrayLiteralExpression(node)) {
      node.elements.forEach((e, i) => visit(e, `${key}.${i}`, seen));
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      words.set(key, { value: node.text, kind: 'text', start: node.getStart(), end: node.end });
    } else if (
      ts.isArrowFunction(node) ||
      ts.isFunctionExpression(node) ||
      ts.isCallExpression(node) ||
      ts.isTemplateExpression(node)
    ) {
      words.set(key, {
        value: node.getText(file),
        kind: 'code',
        start: node.getStart(),
        end: node.end,
      });
    }
  };
  // The exported word objects (helpers such as `maritalLabel` are not words).
  for (const name of exported)
    if (
      ts.isObjectLiteralExpression(unwrap(consts.get(name))) ||
      ts.isArrayLiteralExpression(unwrap(consts.get(name)))
    )
      visit(consts.get(name), name, new Set([name]));
  return words;
}

/** One CSV field, quoted when it must be (RFC 4180). */
const field = (v) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

export function toCsv(rows) {
  return [HEADER, ...rows].map((r) => r.map(field).join(',')).join('\r\n') + '\r\n';
}

/** The rows of a CSV text (RFC 4180: quoted fields may hold commas, quotes and new lines). */
export function parseCsv(text) {
  const rows = [];
  let row = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

const knFile = (module) => module.replace(/\.ts$/, '.kn.ts');
const read = (src, rel) => fs.readFileSync(path.join(src, rel), 'utf8');

/** The rows of every module: file (the Kannada module), key, English, Kannada, kind. */
export function exportRows(src = SRC) {
  const rows = [];
  for (const module of textModules(src)) {
    const kn = knFile(module);
    const english = wordsOf(read(src, module), module);
    const kannada = fs.existsSync(path.join(src, kn)) ? wordsOf(read(src, kn), kn) : new Map();
    for (const [key, word] of english)
      rows.push([kn, key, word.value, kannada.get(key)?.value ?? '', word.kind]);
  }
  return rows;
}

/** A string literal for a text cell, in the modules' quoting. */
const literal = (v) =>
  `'${v.replaceAll('\\', '\\\\').replaceAll("'", "\\'").replaceAll('\n', '\\n').replaceAll('\r', '\\r')}'`;

/**
 * Writes the CSV's changed Kannada cells into the .kn.ts modules. Checks every row before
 * writing anything; returns `{ changed, files }`, or throws with every problem found.
 */
export function importCsv(text, src = SRC) {
  const [header, ...rows] = parseCsv(text).filter((r) => r.some((c) => c !== ''));
  if (!header || header.join() !== HEADER.join())
    throw new Error(`the first line must be ${HEADER.join(',')}`);
  const problems = [];
  const edits = new Map();
  const sources = new Map();
  rows.forEach((row, i) => {
    const [file, key, , kannada, kind] = row;
    const line = i + 2;
    if (row.length !== HEADER.length) return problems.push(`line ${line}: ${row.length} fields`);
    if (!file.endsWith('.kn.ts') || file.includes('..') || !fs.existsSync(path.join(src, file)))
      return problems.push(`line ${line}: no module ${file}`);
    if (!sources.has(file)) sources.set(file, read(src, file));
    const word = wordsOf(sources.get(file), file).get(key);
    if (!word) return problems.push(`line ${line}: ${file} has no ${key}`);
    if (kannada === '' || kannada === word.value) return;
    if (kind !== word.kind)
      return problems.push(`line ${line}: ${key} is ${word.kind}, not ${kind}`);
    if (!edits.has(file)) edits.set(file, []);
    edits.get(file).push({ ...word, text: kind === 'text' ? literal(kannada) : kannada });
  });
  if (problems.length) throw new Error(`nothing was written:\n${problems.join('\n')}`);
  let changed = 0;
  for (const [file, list] of edits) {
    let source = sources.get(file);
    for (const e of list.sort((a, b) => b.start - a.start)) {
      source = source.slice(0, e.start) + e.text + source.slice(e.end);
      changed += 1;
    }
    fs.writeFileSync(path.join(src, file), source);
  }
  return { changed, files: edits.size };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [command, file] = process.argv.slice(2);
  if (command === 'export') {
    const csv = toCsv(exportRows());
    if (file) fs.writeFileSync(file, csv);
    else process.stdout.write(csv);
  } else if (command === 'import' && file) {
    try {
      const { changed, files } = importCsv(fs.readFileSync(file, 'utf8'));
      console.log(`${changed} words changed in ${files} files; now run npx tsc -b`);
    } catch (error) {
      console.error(error.message);
      process.exit(1);
    }
  } else {
    console.error('usage: node scripts/strings-csv.mjs export [file.csv] | import file.csv');
    process.exit(2);
  }
}
