// The editor's toolbar (spec §2 Edit Event): bold, italic, strike, bullet and numbered lists,
// quote, align left/center/right/justify, undo and redo. A WAI-ARIA toolbar: one tab stop,
// arrow keys move between buttons, toggles expose aria-pressed.
import type { ChainedCommands, Editor } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';
import {
  AlignCenter,
  AlignJustify,
  AlignLeft,
  AlignRight,
  Bold,
  Italic,
  List,
  ListOrdered,
  Quote,
  Redo2,
  Strikethrough,
  Undo2,
  type LucideIcon,
} from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { text } from './text';

interface Tool {
  key: string;
  /** Read when the toolbar renders: the words of the language on screen. */
  label: () => string;
  icon: LucideIcon;
  run: (e: Editor) => void;
  /** Toggle buttons: whether it is on here. */
  active?: (e: Editor) => boolean;
  enabled?: (e: Editor) => boolean;
  groupEnd?: boolean;
}

const align = (value: 'left' | 'center' | 'right' | 'justify') => ({
  run: (e: Editor) => void e.chain().focus().setTextAlign(value).run(),
  active: (e: Editor) => e.isActive({ textAlign: value }),
});

/** A toggle by its mark's or node's name: its command, and whether the selection has it. */
const toggle = (key: string, command: (chain: ChainedCommands) => ChainedCommands) => ({
  key,
  run: (e: Editor) => void command(e.chain().focus()).run(),
  active: (e: Editor) => e.isActive(key),
});

const TOOLS: Tool[] = [
  { label: () => text.bold, icon: Bold, ...toggle('bold', (c) => c.toggleBold()) },
  { label: () => text.italic, icon: Italic, ...toggle('italic', (c) => c.toggleItalic()) },
  {
    label: () => text.strike,
    icon: Strikethrough,
    ...toggle('strike', (c) => c.toggleStrike()),
    groupEnd: true,
  },
  {
    label: () => text.bulletList,
    icon: List,
    ...toggle('bulletList', (c) => c.toggleBulletList()),
  },
  {
    label: () => text.orderedList,
    icon: ListOrdered,
    ...toggle('orderedList', (c) => c.toggleOrderedList()),
  },
  {
    label: () => text.blockquote,
    icon: Quote,
    ...toggle('blockquote', (c) => c.toggleBlockquote()),
    groupEnd: true,
  },
  { key: 'left', label: () => text.alignLeft, icon: AlignLeft, ...align('left') },
  { key: 'center', label: () => text.alignCenter, icon: AlignCenter, ...align('center') },
  { key: 'right', label: () => text.alignRight, icon: AlignRight, ...align('right') },
  {
    key: 'justify',
    label: () => text.alignJustify,
    icon: AlignJustify,
    ...align('justify'),
    groupEnd: true,
  },
  {
    key: 'undo',
    label: () => text.undo,
    icon: Undo2,
    run: (e) => void e.chain().focus().undo().run(),
    enabled: (e) => e.can().undo(),
  },
  {
    key: 'redo',
    label: () => text.redo,
    icon: Redo2,
    run: (e) => void e.chain().focus().redo().run(),
    enabled: (e) => e.can().redo(),
  },
];

/** The formatting toolbar of an editor; `controls` is the editable area's id. */
export function Toolbar({
  editor,
  controls,
  disabled = false,
}: {
  editor: Editor;
  controls: string;
  disabled?: boolean;
}) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      TOOLS.map((t) => ({
        active: t.active ? t.active(e) : undefined,
        enabled: !disabled && e.isEditable && (t.enabled ? t.enabled(e) : true),
      })),
    equalityFn: (a, b) =>
      !!b &&
      a.length === b.length &&
      a.every((s, i) => s.active === b[i].active && s.enabled === b[i].enabled),
  });
  const [focusIndex, setFocusIndex] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const move = (e: KeyboardEvent) => {
    const last = TOOLS.length - 1;
    const next =
      e.key === 'ArrowRight'
        ? focusIndex === last
          ? 0
          : focusIndex + 1
        : e.key === 'ArrowLeft'
          ? focusIndex === 0
            ? last
            : focusIndex - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (next === null) return;
    e.preventDefault();
    setFocusIndex(next);
    buttons.current[next]?.focus();
  };

  return (
    <div
      role="toolbar"
      aria-label={text.toolbar}
      aria-controls={controls}
      onKeyDown={move}
      className="flex flex-wrap items-center gap-0.5 border-b border-stone-200 bg-stone-50 p-1"
    >
      {TOOLS.map((tool, i) => {
        const s = state[i];
        const Icon = tool.icon;
        return (
          <span key={tool.key} className="flex items-center">
            <button
              ref={(el) => {
                buttons.current[i] = el;
              }}
              type="button"
              tabIndex={i === focusIndex ? 0 : -1}
              aria-label={tool.label()}
              title={tool.label()}
              aria-pressed={tool.active ? !!s.active : undefined}
              disabled={!s.enabled}
              onFocus={() => setFocusIndex(i)}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => tool.run(editor)}
              className={`inline-flex h-9 w-9 items-center justify-center rounded text-stone-800 hover:bg-stone-200 focus-visible:outline-2 focus-visible:outline-orange-800 disabled:opacity-40 ${s.active ? 'bg-orange-100 text-orange-900' : ''}`}
            >
              <Icon className="h-4 w-4" aria-hidden />
            </button>
            {tool.groupEnd && <span className="mx-1 h-6 w-px bg-stone-300" aria-hidden />}
          </span>
        );
      })}
    </div>
  );
}
