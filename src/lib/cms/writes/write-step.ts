/**
 * Runs a named part of a record's CMS writes. The outbox supplies one that skips parts an earlier
 * attempt finished and says when a part is being retried; outside the outbox parts just run.
 */
export type WriteStep = (name: string, run: (info: { retry: boolean }) => Promise<void>) => Promise<void>;

export const runEachOnce: WriteStep = (_name, run) => run({ retry: false });
