// /admin/organization: the About page's sections: edit, publish, order, add (upsert by section)
// and delete. The public About page shows the published ones in this order.
import { ExternalLink, Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { MoveButtons } from '@/components/move-buttons';
import { Button, ButtonLink } from '@/components/ui/button';
import { controlClass } from '@/components/ui/field';
import { QueryState } from '@/components/ui/query-state';
import { Card, LoadingState, PageHeader } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import {
  reorder,
  useDeleteSection,
  usePatchSection,
  useSaveSection,
  useSections,
  type Section,
} from '../organization/api';
import { text } from '../organization/text';
import { DeleteButton, EditButton } from '@/components/row-actions';

const SECTION_KEY = /^[a-z][a-z0-9_-]{0,49}$/;

function SectionForm({
  section,
  nextOrder,
  onDone,
}: {
  section: Section | null;
  nextOrder: number;
  onDone: () => void;
}) {
  const save = useSaveSection();
  const [key, setKey] = useState(section?.section ?? '');
  const [title, setTitle] = useState(section?.title ?? '');
  const [content, setContent] = useState(section?.content ?? '');
  const [published, setPublished] = useState(section?.is_published ?? false);
  const [touched, setTouched] = useState(false);
  const keyError = touched && !SECTION_KEY.test(key) ? text.sectionInvalid : undefined;
  const titleError = touched && !title.trim() ? text.titleRequired : undefined;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (!SECTION_KEY.test(key) || !title.trim()) return;
    try {
      await save.mutateAsync({
        section: key,
        title: title.trim(),
        content: content.trim() || null,
        is_published: published,
        // An edit leaves the order alone: the form may have opened before a move was saved.
        ...(section?.section === key ? {} : { display_order: section?.display_order ?? nextOrder }),
      });
      toast({ title: text.saved, variant: 'success' });
      onDone();
    } catch {
      // Toasted by the query client.
    }
  }

  return (
    <Card className="mb-4">
      <form
        onSubmit={submit}
        noValidate
        aria-label={section ? text.formTitleEdit : text.formTitleNew}
      >
        <h2 className="mb-3 font-serif text-lg font-bold">
          {section ? text.formTitleEdit : text.formTitleNew}
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <label>
            <span className="mb-1 block text-sm font-semibold">{text.fields.section}</span>
            <input
              value={key}
              disabled={Boolean(section)}
              onChange={(e) => setKey(e.target.value.trim().toLowerCase())}
              className={controlClass}
              aria-invalid={keyError ? true : undefined}
              aria-describedby="section-key-hint"
            />
            <span
              id="section-key-hint"
              className={`mt-1 block text-xs ${keyError ? 'text-red-700' : 'text-stone-600'}`}
            >
              {keyError ?? text.sectionHint}
            </span>
          </label>
          <label>
            <span className="mb-1 block text-sm font-semibold">{text.fields.title}</span>
            <input
              value={title}
              maxLength={200}
              onChange={(e) => setTitle(e.target.value)}
              className={controlClass}
              aria-invalid={titleError ? true : undefined}
            />
            {titleError && <span className="mt-1 block text-sm text-red-700">{titleError}</span>}
          </label>
          <label className="sm:col-span-2">
            <span className="mb-1 block text-sm font-semibold">{text.fields.content}</span>
            <textarea
              rows={6}
              maxLength={20000}
              value={content}
              onChange={(e) => setContent(e.target.value)}
              className={controlClass}
            />
          </label>
          <label className="flex items-center gap-2 text-sm font-semibold">
            <input
              type="checkbox"
              className="h-4 w-4 accent-orange-700"
              checked={published}
              onChange={(e) => setPublished(e.target.checked)}
            />
            {text.fields.is_published}
          </label>
        </div>
        <div className="mt-4 flex gap-2">
          <Button type="submit" disabled={save.isPending}>
            {text.save}
          </Button>
          <Button type="button" variant="ghost" onClick={onDone}>
            {text.cancel}
          </Button>
        </div>
      </form>
    </Card>
  );
}

export function Component() {
  const sections = useSections();
  const patch = usePatchSection();
  const del = useDeleteSection();
  const [editing, setEditing] = useState<Section | 'new' | null>(null);

  async function move(items: Section[], index: number, delta: -1 | 1) {
    const order = reorder(items, index, delta);
    if (!order) return;
    try {
      for (const o of order) {
        const current = items.find((s) => s.id === o.id);
        if (current?.display_order !== o.display_order)
          await patch.mutateAsync({ id: o.id, changes: { display_order: o.display_order } });
      }
    } catch {
      // Toasted by the query client.
    }
  }

  async function togglePublished(s: Section) {
    try {
      await patch.mutateAsync({ id: s.id, changes: { is_published: !s.is_published } });
      toast({
        title: s.is_published ? text.unpublishedToast : text.publishedToast,
        variant: 'success',
      });
    } catch {
      // Toasted by the query client.
    }
  }

  return (
    <div className="max-w-4xl">
      <PageHeader title={text.title}>{text.intro}</PageHeader>
      <div className="mb-4 flex flex-wrap gap-2">
        {editing === null && (
          <Button onClick={() => setEditing('new')}>
            <Plus className="h-4 w-4" aria-hidden /> {text.add}
          </Button>
        )}
        <ButtonLink to="/about" variant="secondary">
          <ExternalLink className="h-4 w-4" aria-hidden /> {text.viewAbout}
        </ButtonLink>
      </div>
      {editing !== null && (
        <SectionForm
          key={editing === 'new' ? 'new' : editing.id}
          section={editing === 'new' ? null : editing}
          nextOrder={(sections.data?.reduce((m, s) => Math.max(m, s.display_order), 0) ?? 0) + 1}
          onDone={() => setEditing(null)}
        />
      )}
      <QueryState query={sections} loading={<LoadingState rows={3} />} empty={text.empty}>
        {(data) => (
          <ol className="space-y-3" data-testid="organization-sections">
            {data.map((s, i, all) => {
              const name = s.title ?? s.section;
              return (
                <li key={s.id}>
                  <Card className="!p-4">
                    <div className="flex flex-wrap items-start justify-between gap-3">
                      <div className="min-w-0 flex-1">
                        <h2 className="font-serif text-lg font-bold">
                          {name}{' '}
                          <span className="font-sans text-xs font-normal text-stone-600">
                            ({s.section})
                          </span>
                        </h2>
                        <p className="line-clamp-2 text-sm text-stone-700">{s.content}</p>
                      </div>
                      <div className="flex flex-wrap items-center gap-1">
                        <span
                          className={`mr-1 rounded-full px-2 py-0.5 text-xs font-semibold ${s.is_published ? 'bg-emerald-100 text-emerald-900' : 'bg-stone-100 text-stone-700'}`}
                        >
                          {s.is_published ? text.published : text.draft}
                        </span>
                        <Button
                          variant="secondary"
                          className="!px-2 !py-1 text-xs"
                          aria-label={s.is_published ? text.unpublish(name) : text.publish(name)}
                          onClick={() => void togglePublished(s)}
                          disabled={patch.isPending}
                        >
                          {s.is_published ? text.unpublishShort : text.publishShort}
                        </Button>
                        <MoveButtons
                          index={i}
                          count={all.length}
                          busy={patch.isPending}
                          onMove={(delta) => void move(all, i, delta)}
                          upLabel={text.moveUp(name)}
                          downLabel={text.moveDown(name)}
                        />
                        <EditButton label={text.edit(name)} onClick={() => setEditing(s)} />
                        <DeleteButton
                          aria-label={text.remove(name)}
                          confirm={{
                            title: text.removeTitle(name),
                            description: text.removeBody,
                            confirmLabel: text.remove(name),
                            cancelLabel: text.cancel,
                          }}
                          action={() => del.mutateAsync(s.id)}
                          done={text.removed}
                        />
                      </div>
                    </div>
                  </Card>
                </li>
              );
            })}
          </ol>
        )}
      </QueryState>
    </div>
  );
}
