// ESLint (flat config): recommended JavaScript, TypeScript and React hooks rules, and the
// structure rule of STYLE.md: a feature never imports another feature (features/<a> may not
// import features/<b>); app/ composes them.
import fs from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const features = fs
  .readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const noCrossFeatureImports = features.map((feature) => ({
  files: [`src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['@/features/*', `!@/features/${feature}`, '../../*/**', '../../../*/**'],
            message: `features/${feature} may not import another feature: compose them in app/.`,
          },
          {
            group: ['@/app/*', '@/app'],
            message: 'features may not import app/: app/ composes features.',
          },
        ],
      },
    ],
  },
}));

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
  ...noCrossFeatureImports,
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
