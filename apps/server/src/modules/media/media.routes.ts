import { UUID_PATTERN } from '@carte/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { etagMatches } from '../../http/conditional.ts';
import type { ModuleDeps } from '../../http/module.ts';
import type { AssetStorage } from '../../providers/storage/storage.ts';
import { snapWidth } from './media-url.ts';
import { createMediaService } from './media.service.ts';

const FILE_PATTERN = new RegExp(`^(${UUID_PATTERN.source.slice(1, -1)})\\.webp$`, 'i');
/** A variant's URL names its content: it never changes, so browsers may keep it for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const querySchema = z.object({
  w: z.coerce
    .number({ error: 'must be a width in pixels' })
    .int({ error: 'must be a whole number of pixels' })
    .min(1, { error: 'must be at least 1' })
    .max(4096, { error: 'must be at most 4096' })
    .optional(),
});

/** GET /media/<assetId>.webp[?w=<width>]: product images and header icons as WebP variants. */
export const mediaRoutes: FastifyPluginAsync<ModuleDeps & { variants: AssetStorage }> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const media = createMediaService({
    db: deps.database.db,
    storage: deps.storage,
    variants: deps.variants,
  });

  app.get(
    '/media/:file',
    { schema: { params: z.object({ file: z.string() }), querystring: querySchema }, compress: false },
    async (request, reply) => {
      const id = FILE_PATTERN.exec(request.params.file)?.[1]?.toLowerCase();
      if (!id) throw new AppError('NOT_FOUND');
      const width = request.query.w === undefined ? null : snapWidth(request.query.w);
      const asset = await media.findAsset(id);
      if (!asset) throw new AppError('NOT_FOUND');
      const etag = media.etagOf(asset, width);
      reply.header('cache-control', IMMUTABLE).header('etag', etag);
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      const variant = await media.variant(asset, width);
      if (!variant) throw new AppError('NOT_FOUND', { logMessage: `asset ${id} has no stored bytes` });
      return reply.type('image/webp').send(variant.bytes);
    },
  );
};
