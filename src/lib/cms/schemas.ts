import { z } from 'zod/mini';

/*
 * Wire shapes of CMS records AFTER `flattenStrapi()` (parse.ts): the standard Strapi v4 shape
 * (`{ id, attributes }`, relations as `{ data }`) and the custom routes' flat objects look the
 * same from here on. Only the fields the app reads are declared; unknown fields are ignored,
 * optional ones may be missing or null (drafts and old rows are incomplete).
 *
 * `zod/mini` because the home page (first load) reads collections through these.
 */

const optionalString = z.nullish(z.string());
const optionalInt = z.nullish(z.number());
/** Decimal columns come back as numbers (SQLite, MySQL via knex) or strings (MySQL decimal). */
const wirePrice = z.nullish(z.union([z.number(), z.string()]));
/** A relation may be a populated object or, unpopulated, a bare id. */
const relationRef = z.nullish(z.union([z.number(), z.object({ id: z.number() })]));

/** One of the smaller copies Strapi's upload plugin makes of an image (thumbnail, small, medium, large). */
const wireMediaFormat = z.object({ url: z.string(), width: z.number(), height: z.nullish(z.number()) });

const wireMedia = z.nullish(
  z.object({
    id: z.number(),
    url: z.string(),
    width: z.nullish(z.number()),
    height: z.nullish(z.number()),
    formats: z.nullish(z.record(z.string(), z.union([wireMediaFormat, z.null()]))),
  }),
);

export const wireCategory = z.object({ id: z.number(), category: optionalString });

export const wireNftStatus = z.object({ id: z.number(), Status: optionalString });

export const wireCollection = z.object({
  id: z.number(),
  name: optionalString,
  status: optionalString,
  feature: z.nullish(z.boolean()),
  feature_img: wireMedia,
  banner: wireMedia,
  desc: optionalString,
  detail_link: optionalString,
  website: optionalString,
  etherscan: optionalString,
  discord: optionalString,
  twitter: optionalString,
  facebook: optionalString,
  telegram: optionalString,
  chain_id: optionalInt,
  chain_name: optionalString,
  contract_address: optionalString,
  category: z.nullish(wireCategory),
  users_permissions_user: relationRef,
  createdAt: optionalString,
  publishedAt: optionalString,
});

const wireNftProp = z.object({ id: z.number(), Property: optionalString, value: optionalString });

export const wireAuthor = z.object({
  id: z.number(),
  username: optionalString,
  social: optionalString,
  wallet: optionalString,
  followers: optionalInt,
  avatar: wireMedia,
  banner: wireMedia,
});

export const wireNft = z.object({
  id: z.number(),
  token_id: optionalInt,
  token_name: optionalString,
  title: optionalString,
  description: optionalString,
  img_url: optionalString,
  audio_url: optionalString,
  price: wirePrice,
  token_standard: optionalString,
  item_id: optionalInt,
  item_type: optionalString,
  deadline: optionalString,
  nft_status: z.nullish(z.union([wireNftStatus, z.number()])),
  owner: optionalString,
  likes: optionalInt,
  views: optionalInt,
  collection: z.nullish(z.union([wireCollection, z.number()])),
  props: z.nullish(z.array(wireNftProp)),
  author: z.nullish(z.union([wireAuthor, z.number()])),
});

export const wireTransaction = z.object({
  id: z.number(),
  collection: relationRef,
  from_address: optionalString,
  to_address: optionalString,
  price: wirePrice,
  desc: optionalString,
  publishedAt: optionalString,
});

export const wireUserAvatar = z.object({ id: z.number(), avatar: wireMedia });

export const wireNaturaBalance = z.object({
  id: z.number(),
  team_natura_released: z.nullish(z.union([z.number(), z.string()])),
  incentive_program_released: z.nullish(z.union([z.number(), z.string()])),
  rnd_release: z.nullish(z.union([z.number(), z.string()])),
  reserve_natura_released: z.nullish(z.union([z.number(), z.string()])),
});

/** Strapi's standard list meta: `{page,pageSize,pageCount,total}`, or `{start,limit,total}` when `pagination[limit]` was sent. */
const wirePagination = z.union([
  z.object({ page: z.number(), pageSize: z.number(), pageCount: z.number(), total: z.number() }),
  z.object({ start: z.number(), limit: z.number(), total: z.number() }),
]);

export const wireStandardList = z.object({
  data: z.array(z.unknown()),
  meta: z.optional(z.object({ pagination: z.optional(wirePagination) })),
});

/** The custom nft-v1 routes' meta (deployed-system.md §B4.1, §B4.3): `page` echoes the query string, so it may be a string. */
export const wireFlatList = z.object({
  data: z.array(z.unknown()),
  meta: z.object({
    page: z.union([z.number(), z.string()]),
    pageSize: z.number(),
    pageCount: z.number(),
    total: z.number(),
  }),
});

export type WireCollection = z.infer<typeof wireCollection>;
export type WireMedia = z.infer<typeof wireMedia>;
