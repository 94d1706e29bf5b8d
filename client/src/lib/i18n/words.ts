// The app's two languages, English and ಕನ್ನಡ, on the typed text modules (docs/kannada.md).
//
// Every feature keeps its English words in `text.ts` and its Kannada in `text.kn.ts` beside
// it, typed with `satisfies Words<typeof en>` (a missing or extra key fails tsc). A text
// module registers its Kannada loader here (`kannada({ text }, () => import('./text.kn'))`):
// English pages never fetch a Kannada chunk; in Kannada, a module's chunk is fetched as soon as
// its feature loads, and its words replace the English ones in the same objects, so every
// reader of `text.x` (components, toasts, validation messages) speaks Kannada. Route modules
// wait for their Kannada before they render (router.tsx), the first screen waits in main.tsx.
import { useSyncExternalStore } from 'react';

export type Language = 'en' | 'kn';
export const LANGUAGES: readonly Language[] = ['en', 'kn'];

/** The shape of a text module's English words with every string widened: the type a Kannada
 *  module satisfies (same keys, same function parameters, any wording). */
export type Words<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Words<R>
    : T extends readonly unknown[]
      ? { readonly [K in keyof T]: Words<T[K]> }
      : T extends object
        ? { readonly [K in keyof T]: Words<T[K]> }
        : T;

type Bag = Record<string, unknown>;
interface Entry {
  english: Record<string, Bag>;
  live: Record<string, Bag>;
  load: () => Promise<Bag>;
  kannada?: Promise<Bag | null>;
}

const entries: Entry[] = [];
const pending = new Set<Promise<unknown>>();
const listeners = new Set<() => void>();
let language: Language =
  typeof document !== 'undefined' && document.documentElement.lang === 'kn' ? 'kn' : 'en';
let version = 0;

const isBag = (v: unknown): v is Bag => typeof v === 'object' && v !== null;

/** A copy of an English word tree (functions kept by reference). */
function copy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copy) as T;
  if (isBag(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copy(v)])) as T;
  return value;
}

/** Writes `from`'s words into `into`, in place (objects and arrays keep their identity). */
function overwrite(into: Bag, from: Bag) {
  for (const [key, value] of Object.entries(from)) {
    const target = into[key];
    if (isBag(value) && isBag(target) && typeof value !== 'function') overwrite(target, value);
    else into[key] = value;
  }
}

function emit() {
  version += 1;
  listeners.forEach((l) => l());
}

/** Fetches an entry's Kannada module (once; a failed fetch is tried again next time). */
function fetchKannada(entry: Entry): Promise<Bag | null> {
  const asked = (entry.kannada ??= entry.load().catch(() => {
    entry.kannada = undefined;
    return null; // the English words stay
  }));
  const done: Promise<Bag | null> = asked.finally(() => pending.delete(done));
  pending.add(done);
  return done;
}

/** Puts the entry's words in the language on screen (Kannada only once it has arrived). */
async function patch(entry: Entry) {
  if (language === 'en') {
    for (const [name, obj] of Object.entries(entry.live)) overwrite(obj, entry.english[name]!);
    return;
  }
  const kn = await fetchKannada(entry);
  if (!kn || language !== 'kn') return;
  for (const [name, obj] of Object.entries(entry.live))
    if (isBag(kn[name])) overwrite(obj, kn[name]);
}

/** Registers a text module's exported word objects and its Kannada module's loader. */
export function kannada(live: Record<string, object>, load: () => Promise<object>) {
  const entry: Entry = {
    live: live as Record<string, Bag>,
    english: copy(live) as Record<string, Bag>,
    load: load as () => Promise<Bag>,
  };
  entries.push(entry);
  if (language === 'kn') void patch(entry).then(emit);
}

/** Resolves once every Kannada module asked for so far has arrived (or failed). */
export async function wordsReady(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}

export const currentLanguage = () => language;

/** Switches the words of every loaded feature (Kannada's arrive first, then the screen
 *  changes at once); `<html lang>` and the device's memory follow. */
export async function switchLanguage(next: Language) {
  if (next === language) return;
  if (next === 'kn') await Promise.all(entries.map(fetchKannada));
  language = next;
  document.documentElement.lang = next;
  try {
    localStorage.setItem('lang', next);
  } catch {
    // private mode: the choice lasts this visit
  }
  await Promise.all(entries.map(patch));
  emit();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The language on screen; re-renders when it changes or a feature's Kannada arrives. */
export function useLanguage(): Language {
  useSyncExternalStore(subscribe, () => version);
  return language;
}

/** The words of a text module, current: re-renders its reader when they change. */
export function useText<T>(words: T): T {
  useSyncExternalStore(subscribe, () => version);
  return words;
}
