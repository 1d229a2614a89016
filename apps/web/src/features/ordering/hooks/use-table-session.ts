import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { useAllergyProfile, withAllergyProfile } from '../../../lib/stores/allergy-profile.ts';
import { tableStorageKey as storageKey } from '../../../lib/stores/table-member.ts';
import {
  addTableLine,
  changeTableLine,
  releaseBillPart,
  takeBillPart,
  type BillPartAnswer,
  type TakeBillPartBody,
  getTableSession,
  joinTable,
  sendTableRound,
  setTableMemberProfile,
  tableEventsUrl,
  type TableLineInput,
  type TableSession,
} from '../api/table-session-api.ts';

/** What this phone keeps of its table (localStorage, per venue): the code it scanned and its member secret. */
interface StoredTable {
  spot: string;
  token: string;
  memberToken?: string | null;
  /** The guest chose to order on their own at this table. */
  alone?: boolean;
}

function readStored(venueUrl: string): StoredTable | null {
  try {
    const raw = localStorage.getItem(storageKey(venueUrl));
    const value = raw ? (JSON.parse(raw) as StoredTable) : null;
    return value && typeof value.spot === 'string' && typeof value.token === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** The table this phone is at: a code just scanned wins over the one it kept. */
function resolve(
  venueUrl: string,
  spot: string | null,
  token: string | null,
): { stored: StoredTable | null; phase: TablePhase } {
  const kept = readStored(venueUrl);
  const stored = spot && token && (kept?.token !== token || kept.spot !== spot) ? { spot, token } : kept;
  const phase: TablePhase = !stored ? 'none' : stored.alone ? 'alone' : stored.memberToken ? 'joining' : 'invited';
  return { stored, phase };
}

function writeStored(venueUrl: string, value: StoredTable | null): void {
  try {
    if (value) localStorage.setItem(storageKey(venueUrl), JSON.stringify(value));
    else localStorage.removeItem(storageKey(venueUrl));
  } catch {
    // Private mode: the session lasts as long as the page.
  }
}

export type TablePhase = 'none' | 'invited' | 'joining' | 'joined' | 'alone' | 'ended' | 'refused';

export interface TableSessionState {
  phase: TablePhase;
  spot: string | null;
  session: TableSession | null;
  /** The last failure, as the server worded it (already in the guest's language where the web translates it). */
  problem: unknown;
  busy: boolean;
  join(name: string): Promise<void>;
  orderAlone(): void;
  add(lines: TableLineInput[]): Promise<boolean>;
  change(lineId: string, quantity: number): Promise<void>;
  send(): Promise<boolean>;
  /** Takes this guest's part of the bill with their tip (the pay sheet's intent). */
  takePart(body: TakeBillPartBody): Promise<BillPartAnswer>;
  /** Gives back a part this guest took and will not pay. */
  releasePart(partId: string): Promise<void>;
}

/**
 * The phone's side of the table's live session (decision 034). A QR link with a token (`?spot=&t=`)
 * invites the guest to join their table; once joined, the session is kept (the chat and the menu
 * pages carry no token) and followed live through its event stream: a change made on any phone shows
 * here, from any server process. A newer session version always wins over an older answer.
 */
export function useTableSession(
  venueUrl: string,
  spotParam: string | null,
  tokenParam: string | null,
): TableSessionState {
  // A new code scanned replaces what this phone kept; otherwise the kept table is followed. Read
  // while rendering (the panel only renders in the browser), saved by the effect below.
  const key = `${venueUrl}|${spotParam ?? ''}|${tokenParam ?? ''}`;
  const [table, setTable] = useState(() => ({ key, ...resolve(venueUrl, spotParam, tokenParam) }));
  if (table.key !== key) setTable({ key, ...resolve(venueUrl, spotParam, tokenParam) });
  const { stored, phase } = table;
  const setStored = useCallback((next: StoredTable | null) => setTable((t) => ({ ...t, stored: next })), []);
  const setPhase = useCallback((next: TablePhase) => setTable((t) => ({ ...t, phase: next })), []);
  const [session, setSession] = useState<TableSession | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const roundKey = useRef<string | null>(null);

  useEffect(() => {
    if (stored) writeStored(venueUrl, stored);
  }, [venueUrl, stored]);

  const show = useCallback(
    (next: TableSession) => {
      setSession((current) => (current && current.id === next.id && current.version > next.version ? current : next));
      setPhase(next.status === 'open' ? 'joined' : 'ended');
    },
    [setPhase],
  );

  const forget = useCallback(
    (why: 'ended' | 'refused') => {
      if (stored) setStored({ spot: stored.spot, token: stored.token });
      setPhase(why);
    },
    [stored, setStored, setPhase],
  );

  const memberToken = stored?.memberToken ?? null;

  // Joined: read the session, then follow it live.
  useEffect(() => {
    if (!memberToken) return;
    const controller = new AbortController();
    getTableSession(memberToken, controller.signal).then(show, (error: unknown) => {
      if (controller.signal.aborted) return;
      if (isApiError(error) && (error.status === 401 || error.status === 410))
        forget(error.status === 410 ? 'ended' : 'refused');
      else setProblem(error);
    });
    if (typeof EventSource === 'undefined') return () => controller.abort();
    const source = new EventSource(tableEventsUrl(memberToken));
    source.addEventListener('session', ((event: MessageEvent) => {
      try {
        show(JSON.parse(String(event.data)) as TableSession);
      } catch {
        // A broken event: the next one carries the whole session again.
      }
    }) as EventListener);
    return () => {
      controller.abort();
      source.close();
    };
  }, [memberToken, show, forget]);

  // Joined: the guest's allergies changed on the menu page or in the chat -> the table knows at once.
  useEffect(() => {
    if (!memberToken) return;
    return useAllergyProfile.subscribe((state, before) => {
      if (state.profile === before.profile) return;
      const { allergens, diets } = state.profile;
      setTableMemberProfile(memberToken, { allergens: [...allergens], diets: [...diets] }).catch(() => {
        // Offline for a moment: the next change, or the next join, sends it again.
      });
    });
  }, [memberToken]);

  const run = useCallback(
    async <T>(action: () => Promise<T>): Promise<T | null> => {
      setBusy(true);
      setProblem(null);
      try {
        return await action();
      } catch (error) {
        setProblem(error);
        if (isApiError(error) && error.code === 'TABLE_SESSION_CLOSED') setPhase('ended');
        return null;
      } finally {
        setBusy(false);
      }
    },
    [setPhase],
  );

  const join = useCallback(
    async (name: string) => {
      if (!stored) return;
      setPhase('joining');
      const answer = await run(() =>
        joinTable({
          venueUrl,
          spot: stored.spot,
          token: stored.token,
          ...(name.trim() ? { name: name.trim() } : {}),
          // The guest's allergies (the menu filter's) go to the kitchen with the table's rounds.
          ...withAllergyProfile(),
        }),
      );
      if (!answer) {
        setPhase('invited');
        return;
      }
      setStored({ spot: stored.spot, token: stored.token, memberToken: answer.memberToken });
      show(answer.session);
    },
    [stored, venueUrl, run, show, setStored, setPhase],
  );

  const orderAlone = useCallback(() => {
    if (!stored) return;
    setStored({ spot: stored.spot, token: stored.token, alone: true });
    setPhase('alone');
  }, [stored, setStored, setPhase]);

  const add = useCallback(
    async (lines: TableLineInput[]) => {
      if (!memberToken) return false;
      const done = await run(async () => {
        let last: TableSession | null = null;
        for (const line of lines) last = await addTableLine(memberToken, line);
        return last;
      });
      if (done) show(done);
      return done !== null;
    },
    [memberToken, run, show],
  );

  const change = useCallback(
    async (lineId: string, quantity: number) => {
      if (!memberToken) return;
      const done = await run(() => changeTableLine(memberToken, lineId, quantity));
      if (done) show(done);
    },
    [memberToken, run, show],
  );

  const send = useCallback(async () => {
    if (!memberToken) return false;
    // One key per round, kept across a retry of the same round.
    roundKey.current ??= crypto.randomUUID();
    const done = await run(() => sendTableRound(memberToken, roundKey.current!));
    if (done) {
      roundKey.current = null;
      show(done);
    }
    return done !== null;
  }, [memberToken, run, show]);

  const takePart = useCallback(
    async (body: TakeBillPartBody) => {
      if (!memberToken) throw new Error('not at the table');
      return takeBillPart(memberToken, body);
    },
    [memberToken],
  );

  const releasePart = useCallback(
    async (partId: string) => {
      if (!memberToken) return;
      const next = await run(() => releaseBillPart(memberToken, partId));
      if (next) show(next);
    },
    [memberToken, run, show],
  );

  return {
    phase,
    spot: stored?.spot ?? null,
    session,
    problem,
    busy,
    join,
    orderAlone,
    add,
    change,
    send,
    takePart,
    releasePart,
  };
}
