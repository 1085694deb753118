import unhomoglyph from 'unhomoglyph';
import { getConfig, type AppConfig } from '@/config/env';
import type { CmsClient } from '@/lib/cms/client';
import type { Collection } from '@/lib/cms/types';
import { collectionStanding } from '@/lib/trust/trusted-collections';
import { getVerifiedRows } from '@/lib/trust/verified-rows';

/*
 * The name half of "is this collection row verified?" (deployed-system.md §C9.6). Loaded lazily: the confusables table
 * (unhomoglyph, Unicode's confusables.txt, ~28 kB gzipped) stays off the first page's code.
 */

/** How a collection row is labelled. `of`: the verified collection's name it copies or imitates, when known. */
export type CollectionTrust =
  | { kind: 'verified' }
  | { kind: 'unverified' }
  | { kind: 'copy'; of: string | null }
  | { kind: 'imitation'; of: string };

/** A collection's row or card: its contract is compared as text, so any text (or none) can be judged. */
export type TrustSubject = Pick<Collection, 'id' | 'name'> & { contractAddress: string | null };

export type TrustJudge = (collection: TrustSubject) => CollectionTrust;

const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * UTS #39 skeleton(X): NFD, default-ignorable code points removed, each character replaced by its
 * confusables.txt prototype (unhomoglyph's table), NFD again. Two strings are confusable when their
 * skeletons are equal ("Tеrrа Gеnеsis" with Cyrillic е and а has the skeleton of "Terra Genesis").
 */
export function confusableSkeleton(text: string): string {
  return unhomoglyph(text.normalize('NFD').replace(DEFAULT_IGNORABLE, '')).normalize('NFD');
}

/**
 * The skeletons a name is compared by: as written and lower-cased (UTS #39 is case-sensitive, but
 * "TERRA GENESIS" imitates "Terra Genesis" as well), with runs of spaces collapsed.
 */
function nameKeys(name: string): string[] {
  const text = name.trim().replace(/\s+/gu, ' ');
  if (!text) return [];
  return [confusableSkeleton(text), confusableSkeleton(text.toLowerCase())];
}

/**
 * The verdict for any row, given the operator's verified rows: the verified row itself; otherwise an
 * imitation when its name is confusable with a verified row's name (exact-name clones included); otherwise a
 * copy when it names a trusted contract that has a verified row; otherwise plain unverified.
 */
export function createTrustJudge(
  verifiedRows: TrustSubject[],
  config: Pick<AppConfig, 'trustedCollections' | 'verifiedCollections'> = getConfig(),
): TrustJudge {
  const verified = verifiedRows
    .filter((row) => collectionStanding(row, config) === 'verified')
    .map((row) => ({ ...row, keys: nameKeys(row.name) }));
  return (collection) => {
    const standing = collectionStanding(collection, config);
    if (standing === 'verified') return { kind: 'verified' };
    const keys = nameKeys(collection.name);
    const imitated = verified.find((row) => row.id !== collection.id && row.keys.some((key) => keys.includes(key)));
    if (imitated) return { kind: 'imitation', of: imitated.name };
    if (standing === 'copy') {
      const contract = collection.contractAddress?.trim().toLowerCase();
      const original = verified.find((row) => row.contractAddress?.trim().toLowerCase() === contract);
      return { kind: 'copy', of: original?.name ?? null };
    }
    return { kind: 'unverified' };
  };
}

/** The judge with the operator's verified rows read from the CMS. */
export async function loadTrustJudge(client?: CmsClient): Promise<TrustJudge> {
  return createTrustJudge(await getVerifiedRows(client));
}

const isCopy = (trust: CollectionTrust) => trust.kind === 'copy' || trust.kind === 'imitation';

/** New Release and the dashboard table: copies and imitations are left out. */
export async function withoutCopies<C extends TrustSubject>(collections: C[], client?: CmsClient): Promise<C[]> {
  const judge = await loadTrustJudge(client);
  return collections.filter((collection) => !isCopy(judge(collection)));
}

/** Explore's grid: copies and imitations stay listed (labelled) but after every other collection, never first. */
export async function copiesLast<C extends TrustSubject>(collections: C[], client?: CmsClient): Promise<C[]> {
  const judge = await loadTrustJudge(client);
  const copies = new Set(collections.filter((collection) => isCopy(judge(collection))));
  return [...collections.filter((collection) => !copies.has(collection)), ...copies];
}
