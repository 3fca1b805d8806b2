import { z } from 'zod';
import { DEV_TOOL_CATEGORIES } from './categories.ts';
import { category, plainText } from './fields.ts';
import { PRICING } from './decision.ts';
import { toolFields } from './tool.ts';

export { PRICING };

/** Maturity of a dev tool; experimental and beta ones belong on /dev-tools-lab. */
export const DEV_TOOL_STATUSES = ['experimental', 'beta', 'stable', 'production'] as const;

/** A developer tool: tags, pricing and an optional status. */
export const devToolSchema = z.strictObject({
  ...toolFields,
  category: category(DEV_TOOL_CATEGORIES),
  /** Short lowercase tags shown as badges. */
  tags: z.array(plainText(30)).min(1, { error: 'needs at least one tag' }).max(8),
  /** One of the pricing labels. */
  pricing: z.enum(PRICING, {
    error: `must be one of ${PRICING.map((value) => JSON.stringify(value)).join(', ')}`,
  }),
  /** Maturity; omitted for tools that need no label. */
  status: z
    .enum(DEV_TOOL_STATUSES, {
      error: `must be one of ${DEV_TOOL_STATUSES.map((value) => JSON.stringify(value)).join(', ')}`,
    })
    .optional(),
});

/** A validated dev tool. */
export type DevTool = z.output<typeof devToolSchema>;
