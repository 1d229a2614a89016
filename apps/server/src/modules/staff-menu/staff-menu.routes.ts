import fastifyMultipart from '@fastify/multipart';
import {
  assetQuerySchema,
  assetUploadFormSchema,
  categoryIdQuerySchema,
  createCategorySchema,
  createProductSchema,
  deletedSchema,
  productIdQuerySchema,
  productListQuerySchema,
  staffCategorySchema,
  staffProductSchema,
  staffVenueSettingsSchema,
  updateCategorySchema,
  updateProductSchema,
  uploadedAssetSchema,
  UPLOAD_IMAGE_TYPES,
  venueIdQuerySchema,
  venueQrQuerySchema,
  venueSettingsSchema,
} from '@carte/domain';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticated, requireVenueRole, staffVenueIds, publicAddress } from '../../http/auth.ts';
import { AppError } from '../../http/app-error.ts';
import { contract, rawContract } from '../../http/contract.ts';
import { ok } from '../../http/envelope.ts';
import type { ModuleDeps } from '../../http/module.ts';
import { createStaffMenuService, isUuid, tooLarge } from './staff-menu.service.ts';

/** The venue id a multipart field names, or 400 naming the field. */
function venueIdOf(fields: Record<string, string>, field: string): string {
  const id = fields[field];
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
 * PATCH /api/product without an id answers the specification's 'Product id is required', before
 * the body's other fields are looked at.
 */
async function productIdFirst(request: FastifyRequest): Promise<void> {
  const body = request.body;
  const id =
    body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as { id?: unknown }).id : undefined;
  if (id === undefined || id === null || id === '') {
    throw new AppError('PRODUCT_ID_REQUIRED', { issues: [{ path: 'id', code: 'required', message: 'is required' }] });
  }
}

const tag = 'menu';
const listProducts = contract({
  summary: "The venue's menu in menu order (owner=true: with the dishes that are not available)",
  tag,
  auth: 'staff',
  querystring: productListQuerySchema,
  data: z.array(staffProductSchema),
  errors: ['VENUE_NOT_FOUND'],
});
const createProduct = contract({
  summary: 'Add a dish to the menu (created available unless told otherwise)',
  tag,
  auth: 'staff',
  body: createProductSchema,
  data: staffProductSchema,
  status: 201,
  errors: ['VENUE_NOT_FOUND'],
});
const updateProduct = contract({
  summary: 'Change a dish: {id, ...changed fields}; a list sent replaces the whole list',
  tag,
  auth: 'staff',
  body: updateProductSchema,
  data: staffProductSchema,
  errors: ['PRODUCT_ID_REQUIRED', 'NO_PRODUCT_EDITS', 'PRODUCT_NOT_FOUND', 'VENUE_NOT_FOUND'],
});
const deleteProduct = contract({
  summary: 'Remove a dish from the menu',
  tag,
  auth: 'staff',
  querystring: productIdQuerySchema,
  data: deletedSchema,
  errors: ['PRODUCT_ID_REQUIRED', 'PRODUCT_NOT_FOUND', 'VENUE_NOT_FOUND'],
});
const createCategory = contract({
  summary: 'Add a category, last in the menu',
  tag,
  auth: 'staff',
  body: createCategorySchema,
  data: staffCategorySchema,
  status: 201,
  errors: ['VENUE_NOT_FOUND'],
});
const updateCategory = contract({
  summary: 'Rename or move a category, set its own hours or its kitchen station',
  tag,
  auth: 'staff',
  body: updateCategorySchema,
  data: staffCategorySchema,
  errors: ['CATEGORY_NOT_FOUND', 'VENUE_NOT_FOUND'],
});
const deleteCategory = contract({
  summary: 'Remove a category (its dishes stay and only lose it)',
  tag,
  auth: 'staff',
  querystring: categoryIdQuerySchema,
  data: deletedSchema,
  errors: ['CATEGORY_NOT_FOUND', 'VENUE_NOT_FOUND'],
});
const getVenue = contract({
  summary: "The venue's settings as its staff edit them, with the caller's role",
  tag: 'venue',
  auth: 'staff',
  querystring: venueIdQuerySchema,
  data: staffVenueSettingsSchema,
  errors: ['VENUE_NOT_FOUND'],
});
const updateVenue = contract({
  summary: "Change the venue's settings: {id, ...changed settings} (owners; managers may set prepMinutes alone)",
  tag: 'venue',
  auth: 'staff',
  body: venueSettingsSchema,
  data: staffVenueSettingsSchema,
  errors: ['VENUE_NOT_FOUND', 'NO_PRODUCTS'],
});
const tableQr = rawContract({
  summary: "The venue's table QR codes as a printable PDF (one table per page, or cards)",
  tag: 'venue',
  auth: 'staff',
  querystring: venueQrQuerySchema,
  produces: { 'application/pdf': 'the QR codes of every table, each opening /<venueUrl>?spot=<table>' },
  errors: ['VENUE_NOT_FOUND'],
});
const uploadAsset = contract({
  summary: 'Upload a picture (multipart, field `file`): re-encoded as WebP, stored for the venue',
  description:
    `Accepted: ${UPLOAD_IMAGE_TYPES.join(', ')}, read from the bytes (SVG is refused). A user of one venue ` +
    'sends the file alone; a user of several names the venue with `venueId`, as a field or in the query ' +
    '(without it: 400 naming `venueId`). Without a file: 400 ASSET_FILE_MISSING, first.',
  tag: 'asset',
  auth: 'staff',
  querystring: assetQuerySchema,
  multipart: assetUploadFormSchema,
  data: uploadedAssetSchema,
  status: 201,
  errors: ['ASSET_FILE_MISSING', 'ASSET_INVALID_TYPE', 'ASSET_TOO_LARGE', 'VENUE_NOT_FOUND'],
});

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

  app.get('/product', { ...staff, schema: listProducts }, async (request) => {
    await requireVenueRole(request, request.query.venueId);
    return ok(await service.listMenu(request.query.venueId, { all: request.query.owner === 'true' }));
  });

  app.post('/product', { ...staff, schema: createProduct }, async (request, reply) => {
    const venueId = request.body.venue;
    await requireVenueRole(request, venueId);
    reply.status(201);
    return ok(await service.createProduct(venueId, request.body));
  });

  app.patch('/product', { preValidation: [authenticated, productIdFirst], schema: updateProduct }, async (request) => {
    const venueId = await service.productVenueId(request.body.id);
    await requireVenueRole(request, venueId);
    return ok(await service.updateProduct(venueId, request.body));
  });

  app.delete('/product', { ...staff, schema: deleteProduct }, async (request) => {
    const { id } = request.query;
    if (!id) throw new AppError('PRODUCT_ID_REQUIRED');
    const venueId = await service.productVenueId(id);
    await requireVenueRole(request, venueId);
    return ok(await service.deleteProduct(venueId, id));
  });

  app.post('/category', { ...staff, schema: createCategory }, async (request, reply) => {
    const venueId = request.body.venueId;
    await requireVenueRole(request, venueId);
    reply.status(201);
    return ok(await service.createCategory(venueId, request.body));
  });

  app.patch('/category', { ...staff, schema: updateCategory }, async (request) => {
    const venueId = await service.categoryVenueId(request.body.id);
    await requireVenueRole(request, venueId);
    return ok(await service.updateCategory(venueId, request.body));
  });

  app.delete('/category', { ...staff, schema: deleteCategory }, async (request) => {
    const { id } = request.query;
    if (!id) throw new AppError('VALIDATION', { issues: [{ path: 'id', code: 'required', message: 'is required' }] });
    const venueId = await service.categoryVenueId(id);
    await requireVenueRole(request, venueId);
    return ok(await service.deleteCategory(venueId, id));
  });

  app.get('/venue', { ...staff, schema: getVenue }, async (request) => {
    const role = await requireVenueRole(request, request.query.venueId);
    const address = publicAddress(request, deps.env);
    return ok({
      ...(await service.getVenueSettings(request.query.venueId, role)),
      publicUrl: address.url,
      publicUrlConfigured: address.configured,
    });
  });

  app.patch('/venue', { ...staff, schema: updateVenue }, async (request) => {
    const venueId = request.body.id;
    // The prep time alone is set from the board during service, by managers as well as owners.
    const prepOnly = Object.keys(request.body).every((k) => k === 'id' || k === 'prepMinutes');
    const role = await requireVenueRole(request, venueId, prepOnly ? ['owner', 'manager'] : ['owner']);
    const settings = await service.updateVenueSettings(venueId, request.body, role);
    // The prep time, hours or pause changed: the venue's boards read the service state again (4.10).
    await deps.events.publish({ type: 'venue.updated', orderId: settings.id, venueId: settings.id });
    return ok(settings);
  });

  app.get('/venue/qr', { ...staff, schema: tableQr }, async (request, reply) => {
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

  app.post('/asset', { ...staff, schema: uploadAsset }, async (request, reply) => {
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
