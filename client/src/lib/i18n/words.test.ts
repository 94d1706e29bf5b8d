// The Kannada modules' typing: tsc refuses a Kannada module that lacks a key of its English
// module (or has one it does not), and accepts a complete one. Compiled here with the
// project's own tsconfig, as `tsc --noEmit` would, on a module written for the test.
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const probe = path.join(root, 'src/lib/i18n/probe.kn.ts');

const config = ts.getParsedCommandLineOfConfigFile(
  path.join(root, 'tsconfig.json'),
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: () => {},
  },
)!;
// The library and project files parsed once, for every probe.
const parsed = new Map<string, ts.SourceFile | undefined>();
let previous: ts.Program | undefined;

function diagnostics(source: string): string[] {
  const host = ts.createCompilerHost(config.options);
  const parse = host.getSourceFile.bind(host);
  host.getSourceFile = (file, ...rest) => {
    if (path.resolve(file) === probe) return parse(file, ...rest);
    if (!parsed.has(file)) parsed.set(file, parse(file, ...rest));
    return parsed.get(file);
  };
  const read = host.readFile.bind(host);
  host.readFile = (file) => (path.resolve(file) === probe ? source : read(file));
  const exists = host.fileExists.bind(host);
  host.fileExists = (file) => path.resolve(file) === probe || exists(file);
  const program = ts.createProgram([probe], config.options, host, previous);
  previous = program;
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(probe))
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

const header = `import type { Words } from '@/lib/i18n/words';
import type { uiText as en } from '@/components/ui/text';
`;

describe('a Kannada module is typed against its English one', () => {
  it('compiles when every key is there', () => {
    expect(
      diagnostics(`${header}export const uiText = {
  loading: 'ಲೋಡ್ ಆಗುತ್ತಿದೆ…', somethingWrong: 'ಏನೋ ತಪ್ಪಾಗಿದೆ',
  tryAgain: 'ಮತ್ತೊಮ್ಮೆ ಪ್ರಯತ್ನಿಸಿ', dismissToast: 'ಮುಚ್ಚಿ',
} satisfies Words<typeof en>;`),
    ).toEqual([]);
  }, 60_000);

  it('fails tsc when a key is missing', () => {
    const errors = diagnostics(`${header}export const uiText = {
  loading: 'ಲೋಡ್ ಆಗುತ್ತಿದೆ…', somethingWrong: 'ಏನೋ ತಪ್ಪಾಗಿದೆ', tryAgain: 'ಮತ್ತೊಮ್ಮೆ ಪ್ರಯತ್ನಿಸಿ',
} satisfies Words<typeof en>;`);
    expect(errors.join('\n')).toMatch(/dismissToast/);
  }, 60_000);

  it('fails tsc on a key the English module does not have, or a wrong argument list', () => {
    expect(
      diagnostics(`${header}export const uiText = {
  loading: 'a', somethingWrong: 'b', tryAgain: 'c', dismissToast: 'd', extra: 'e',
} satisfies Words<typeof en>;`).join('\n'),
    ).toMatch(/extra/);
    expect(
      diagnostics(`import type { Words } from '@/lib/i18n/words';
import type { layoutText as en } from '@/app/nav';
export const copyright = ((year: string) => year) satisfies Words<typeof en.copyright>;`).length,
    ).toBeGreaterThan(0);
  }, 60_000);
});
