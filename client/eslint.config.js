// ESLint (flat config): recommended JavaScript, TypeScript and React hooks rules, and the
// structure rule of STYLE.md (scripts/eslint/boundaries.js): components/ and lib/ never import
// features/ or app/; a feature never imports another feature or app/; app/ composes them.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import boundaries from './scripts/eslint/boundaries.js';

export default tseslint.config(
  {
    ignores: ['node_modules', 'dist', 'dev-dist', 'artifacts', 'lighthouse/node_modules'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { local: { rules: { boundaries } } },
    rules: {
      'local/boundaries': ['error', { src: new URL('./src', import.meta.url).pathname }],
    },
  },
  {
    files: ['*.js', 'scripts/**/*.mjs', 'e2e/**/*.mjs', 'lighthouse/*.mjs'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        fetch: 'readonly',
        document: 'readonly',
        window: 'readonly',
        navigator: 'readonly',
        localStorage: 'readonly',
        Buffer: 'readonly',
        AbortSignal: 'readonly',
        MutationObserver: 'readonly',
        performance: 'readonly',
        MediaRecorder: 'readonly',
        requestAnimationFrame: 'readonly',
        Blob: 'readonly',
        btoa: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
      },
    },
  },
);
