// Presence as Phoenix keeps it: each key holds the metas tracked under it (one per tracking
// channel), each named by `phx_ref`. `presence_state` replaces the state, `presence_diff`
// joins and leaves metas. The state is read as supabase-js shows it: `{ key: [{ presence_ref,
// ...payload }] }`.

type Meta = { phx_ref: string; phx_ref_prev?: string; [field: string]: unknown };
type Metas = Record<string, { metas: Meta[] }>;

/** One tracked presence, as `presenceState()` lists it. */
export type Presence<T = Record<string, unknown>> = { presence_ref: string } & T;
export type PresenceState<T = Record<string, unknown>> = Record<string, Presence<T>[]>;

export type PresenceEvent =
  | { event: 'sync' }
  | { event: 'join'; key: string; currentPresences: Presence[]; newPresences: Presence[] }
  | { event: 'leave'; key: string; currentPresences: Presence[]; leftPresences: Presence[] };

const shown = (metas: Meta[]): Presence[] =>
  metas.map(({ phx_ref, phx_ref_prev: _previous, ...payload }) => ({
    presence_ref: phx_ref,
    ...payload,
  }));

export class Presences {
  private metas: Metas = {};

  constructor(private readonly emit: (event: PresenceEvent) => void) {}

  state(): PresenceState {
    return Object.fromEntries(
      Object.entries(this.metas).map(([key, { metas }]) => [key, shown(metas)]),
    );
  }

  /** `presence_state`: the whole state; what changed is told as joins and leaves. */
  replace(next: Metas): void {
    const joins: Metas = {};
    const leaves: Metas = {};
    for (const [key, { metas }] of Object.entries(this.metas)) {
      const kept = new Set((next[key]?.metas ?? []).map((m) => m.phx_ref));
      const gone = metas.filter((m) => !kept.has(m.phx_ref));
      if (gone.length) leaves[key] = { metas: gone };
    }
    for (const [key, { metas }] of Object.entries(next)) {
      const known = new Set((this.metas[key]?.metas ?? []).map((m) => m.phx_ref));
      const added = metas.filter((m) => !known.has(m.phx_ref));
      if (added.length) joins[key] = { metas: added };
    }
    this.diff({ joins, leaves });
  }

  /** `presence_diff`: joins first, then leaves (Phoenix's order). */
  diff({ joins, leaves }: { joins: Metas; leaves: Metas }): void {
    for (const [key, { metas }] of Object.entries(joins)) {
      const current = this.metas[key]?.metas ?? [];
      const refs = new Set(metas.map((m) => m.phx_ref));
      this.metas[key] = { metas: [...current.filter((m) => !refs.has(m.phx_ref)), ...metas] };
      this.emit({
        event: 'join',
        key,
        currentPresences: shown(current),
        newPresences: shown(metas),
      });
    }
    for (const [key, { metas }] of Object.entries(leaves)) {
      const current = this.metas[key]?.metas;
      if (!current) continue;
      const refs = new Set(metas.map((m) => m.phx_ref));
      const left = current.filter((m) => !refs.has(m.phx_ref));
      if (left.length) this.metas[key] = { metas: left };
      else delete this.metas[key];
      this.emit({
        event: 'leave',
        key,
        currentPresences: shown(left),
        leftPresences: shown(metas),
      });
    }
    this.emit({ event: 'sync' });
  }
}
