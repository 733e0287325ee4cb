// Small shared pieces: an async-loading hook, an error line, a two-step confirmation.
import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useState } from 'preact/hooks';

export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): [T | undefined, string, () => void] {
  const [value, setValue] = useState<T>();
  const [error, setError] = useState('');
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    load().then(
      (v) => live && (setValue(v), setError('')),
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [...deps, tick]);
  return [value, error, useCallback(() => setTick((t) => t + 1), [])];
}

export const ErrorLine = ({ error }: { error: string }) =>
  error ? (
    <p class="error" role="alert">
      {error}
    </p>
  ) : null;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A moment as a person reads it: "just now", "12 min ago", "today 14:03", "yesterday 09:12", "3 Nov 2026, 14:03". */
export function humanDate(iso: string, now = Date.now()): string {
  const at = new Date(iso);
  const ago = now - at.getTime();
  if (ago < MINUTE) return 'just now';
  if (ago < 60 * MINUTE) return `${Math.floor(ago / MINUTE)} min ago`;
  const time = at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  if (at.toDateString() === new Date(now).toDateString()) return `today ${time}`;
  if (at.toDateString() === new Date(now - DAY).toDateString()) return `yesterday ${time}`;
  return `${at.toLocaleDateString([], { day: 'numeric', month: 'short', year: 'numeric' })}, ${time}`;
}

/** A date in a table or a sentence: the human form, the exact moment on hover and for assistive technology. */
export const When = ({ iso }: { iso: string }) => (
  <time dateTime={iso} title={new Date(iso).toLocaleString()}>
    {humanDate(iso)}
  </time>
);

/**
 * Under ACTIVE RBAC, an item with no role (of its own or its parent's) reaches no role-bound token: only the
 * workspace credential sees it.
 */
export const NO_ROLE_WARNING =
  'Hidden from every role: under RBAC a role-bound token sees only items assigned to its role (or whose parent is)';

/** How a role reaches an item, in words: "assigned", "from its parent", "by source rule 2", "by its source's default". */
export const viaText = (via: string): string =>
  via === 'direct'
    ? 'assigned'
    : via === 'parent'
      ? 'from its parent'
      : via === 'source default'
        ? "by its source's default"
        : `by ${via}`;

/** A button that asks once more, naming what will happen, before it acts. */
export function Confirm(props: { label: string; question: string; onConfirm: () => void; danger?: boolean }) {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button type="button" class={props.danger ? 'danger' : ''} onClick={() => setAsking(true)}>
        {props.label}
      </button>
    );
  return (
    <span class="confirm" role="group" aria-label="Confirmation">
      <span>{props.question}</span>
      <button
        type="button"
        class={props.danger ? 'danger' : 'primary'}
        autoFocus
        onClick={() => {
          setAsking(false);
          props.onConfirm();
        }}
      >
        Confirm
      </button>
      <button type="button" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}

export const Section = (props: { title: string; children: ComponentChildren }) => (
  <section aria-label={props.title}>
    <h2>{props.title}</h2>
    {props.children}
  </section>
);

export function StatusBadge({ status }: { status: string }) {
  const kind = status === 'COMPLETED' ? 'ok' : status === 'BACKGROUND_START' || status === 'RUNNING' ? 'busy' : 'bad';
  return <span class={`badge ${kind}`}>{status}</span>;
}

/** The list's mark for an item no role can see (NO_ROLE_WARNING on hover). */
export const NoRoleBadge = () => (
  <span class="badge warn" title={NO_ROLE_WARNING} data-testid="no-role">
    no role
  </span>
);

/** A table of rows, each a key and its cells in the order of the headers. */
export function Table(props: {
  caption?: string;
  headers: string[];
  rows: Array<{ key: string; cells: ComponentChildren[] }>;
}) {
  return (
    <table>
      {props.caption && <caption>{props.caption}</caption>}
      <thead>
        <tr>
          {props.headers.map((h) => (
            <th scope="col" key={h}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((r) => (
          <tr key={r.key}>
            {r.cells.map((c, i) => (
              <td key={i}>{c}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A webhook endpoint's deliveries as the API lists them. */
export interface Delivery {
  id: string;
  eventType: string;
  status: string;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
}

export const deliveryRow = (d: Delivery, first: ComponentChildren) => ({
  key: d.id,
  cells: [first, d.eventType, <When iso={d.createdAt} />, d.attempts, d.lastStatusCode ?? d.lastError ?? '—'],
});

/** A labelled number input. */
export function NumberField(props: {
  label: string;
  min: number;
  max: number;
  step: number;
  value: number;
  set: (n: number) => void;
}) {
  return (
    <label>
      {props.label}
      <input
        type="number"
        min={props.min}
        max={props.max}
        step={props.step}
        value={props.value}
        onInput={(e) => props.set(Number(e.currentTarget.value))}
      />
    </label>
  );
}
