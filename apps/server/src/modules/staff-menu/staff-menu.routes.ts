import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticated, requireVenueRole, staffVenueIds, publicAddress } from '../../http/auth.ts';
import { AppError } from '../../http/app-error.ts';
import { ok } from '../../http/envelope.ts';
import type { ModuleDeps } from '../../http/module.ts';
import { createStaffMenuService, isUuid, tooLarge } from './staff-menu.service.ts';
import { QR_LAYOUTS } from './table-qr.ts';

const venueQuery = z.object({ venueId: z.uuid({ error: 'must be a venue id' }) });
const menuQuery = venueQuery.extend({ owner: z.enum(['true', 'false']).optional() });
const qrQuery = venueQuery.extend({ layout: z.enum(QR_LAYOUTS, { error: 'must be pages or cards' }).default('pages') });
const idQuery = z.object({ id: z.string().optional() });
const assetQuery = z.object({ venueId: z.uuid({ error: 'must be a venue id' }).optional() });

const asRecord = (x: unknown): Record<string, unknown> =>
  x !== null && typeof x === 'object' && !Array.isArray(x) ? (x as Record<string, unknown>) : {};

/** The venue id a body names in `field`, or 400 naming the field. */
function venueIdOf(body: unknown, field: string): string {
  const id = asRecord(body)[field];
  if (isUuid(id)) return id;
  throw new AppError('VALIDATION', {
    issues: [
      id === undefined
        ? { path: field, code: 'required', message: 'is required' }
        : { path: field, code: 'invalid_id', params: { what: 'venue' }, message: 'must be a venue id' },
    ],
  });
}

/**
 * The staff menu and venue calls (architecture 4.7): owners and managers edit the menu, upload
 * pictures and print table QR codes; only owners change the venue's settings. Without a user: 401
 * before anything is read; a venue the user neither owns nor manages: 403.
 */
export const staffMenuRoutes: FastifyPluginAsync<ModuleDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createStaffMenuService({
    db: deps.database.db,
    storage: deps.storage,
    maxUploadMb: deps.env.MAX_UPLOAD_MB,
    publicUrl: deps.env.PUBLIC_URL,
  });
  await app.register(fastifyMultipart, {
    limits: { fileSize: service.maxUploadBytes, files: 1, fields: 10, parts: 12, fieldSize: 1000 },
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });
  const staff = { preValidation: authenticated };

  app.get('/product', { ...staff, schema: { querystring: menuQuery } }, async (request) => {
    await requireVenueRole(request, request.query.venueId);
    return ok(await service.listMenu(request.query.venueId, { all: request.query.owner === 'true' }));
  });

  app.post('/product', staff, async (request, reply) => {
    const venueId = venueIdOf(request.body, 'venue');
    await requireVenueRole(request, venueId);
    reply.status(201);
    return ok(await service.createProduct(venueId, request.body));
  });

  app.patch('/product', staff, async (request) => {
    const id = asRecord(request.body).id;
    if (id === undefined || id === null || id === '') throw new AppError('PRODUCT_ID_REQUIRED');
    const venueId = await service.productVenueId(id);
    await requireVenueRole(request, venueId);
    return ok(await service.updateProduct(venueId, request.body));
  });

  app.delete('/product', { ...staff, schema: { querystring: idQuery } }, async (request) => {
    const { id } = request.query;
    if (!id) throw new AppError('PRODUCT_ID_REQUIRED');
    const venueId = await service.productVenueId(id);
    await requireVenueRole(request, venueId);
    return ok(await service.deleteProduct(venueId, id));
  });

  app.post('/category', staff, async (request, reply) => {
    const venueId = venueIdOf(request.body, 'venueId');
    await requireVenueRole(request, venueId);
    reply.status(201);
    return ok(await service.createCategory(venueId, request.body));
  });

  app.patch('/category', staff, async (request) => {
    const id = asRecord(request.body).id;
    if (!isUuid(id)) {
      throw new AppError('VALIDATION', {
        issues: [
          id === undefined
            ? { path: 'id', code: 'required', message: 'is required' }
            : { path: 'id', code: 'invalid_id', params: { what: 'category' }, message: 'must be a category id' },
        ],
      });
    }
    const venueId = await service.categoryVenueId(id);
    await requireVenueRole(request, venueId);
    return ok(await service.updateCategory(venueId, request.body));
  });

  app.delete('/category', { ...staff, schema: { querystring: idQuery } }, async (request) => {
    const { id } = request.query;
    if (!id) throw new AppError('VALIDATION', { issues: [{ path: 'id', code: 'required', message: 'is required' }] });
    const venueId = await service.categoryVenueId(id);
    await requireVenueRole(request, venueId);
    return ok(await service.deleteCategory(venueId, id));
  });

  app.get('/venue', { ...staff, schema: { querystring: venueQuery } }, async (request) => {
    const role = await requireVenueRole(request, request.query.venueId);
    const address = publicAddress(request, deps.env);
    return ok({
      ...(await service.getVenueSettings(request.query.venueId, role)),
      publicUrl: address.url,
      publicUrlConfigured: address.configured,
    });
  });

  app.patch('/venue', staff, async (request) => {
    const venueId = venueIdOf(request.body, 'id');
    // The prep time alone is set from the board during service, by managers as well as owners.
    const prepOnly = Object.keys(request.body as object).every((k) => k === 'id' || k === 'prepMinutes');
    const role = await requireVenueRole(request, venueId, prepOnly ? ['owner', 'manager'] : ['owner']);
    return ok(await service.updateVenueSettings(venueId, request.body, role));
  });

  app.get('/venue/qr', { ...staff, schema: { querystring: qrQuery } }, async (request, reply) => {
    await requireVenueRole(request, request.query.venueId);
    const { venueUrl, pdf } = await service.tableQrPdf(
      request.query.venueId,
      request.query.layout,
      publicAddress(request, deps.env).url,
    );
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${venueUrl}-tables-${request.query.layout}.pdf"`)
      .send(Buffer.from(pdf));
  });

  app.post('/asset', { ...staff, schema: { querystring: assetQuery } }, async (request, reply) => {
    // With the venue in the query, the role is checked before the file is read.
    if (request.query.venueId) await requireVenueRole(request, request.query.venueId);
    const { bytes, fields } = await readUpload(request, service.maxUploadMb);
    // The specification's call sends the file alone: the file is asked for first, then the venue,
    // which a user of one venue need not name (issue 16 item 5).
    if (!bytes || bytes.length === 0) throw new AppError('ASSET_FILE_MISSING');
    let venueId = request.query.venueId ?? (fields.venueId !== undefined ? venueIdOf(fields, 'venueId') : null);
    if (!venueId) {
      const venues = await staffVenueIds(request);
      if (venues.length !== 1) {
        throw new AppError('VALIDATION', {
          issues: [
            {
              path: 'venueId',
              code: 'required',
              message: 'is required: you work at several venues, name the one the file is for',
            },
          ],
          message: 'venueId: is required when you work at several venues',
        });
      }
      venueId = venues[0]!;
    }
    await requireVenueRole(request, venueId);
    reply.status(201);
    return ok(await service.uploadAsset(venueId, bytes));
  });
};

/** The multipart body's `file` (null when there is none) and its text fields. */
async function readUpload(
  request: FastifyRequest,
  maxMb: number,
): Promise<{ bytes: Buffer | null; fields: Record<string, string> }> {
  const fields: Record<string, string> = {};
  if (!request.isMultipart()) return { bytes: null, fields };
  let bytes: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'file' && bytes === null) bytes = await part.toBuffer();
        else part.file.resume();
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxMb);
    throw e;
  }
  return { bytes, fields };
}
