import { createRoute, z } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  AcceptReturnInput,
  AddReturnPhotosForm,
  CreateReturnForm,
  CreateReturnInput,
  DecideDisputeInput,
  OrderIdParam,
  ReceiveReturnInput,
  RejectReturnInput,
  ReturnAnswer,
  Returnable,
  ReturnIdParam,
  ReturnList,
  ReturnMessageInput,
  ReturnPhotoParams,
  ReturnsQuery,
} from '../../lib/contract/returns';
import { MAX_UPLOAD_BYTES } from '../../lib/contract/uploads';
import { MESSAGES } from '../../lib/messages';
import { MAX_RETURN_PHOTOS } from '../../lib/returns';
import { requireUser } from '../auth/middleware';
import { operatorsOnly, requireOperator } from '../auth/roles';
import { ApiError } from '../http/errors';
import type { AppEnv, SellerEnv } from '../http/router';
import { createRouter } from '../http/router';
import {
  actOnReturn,
  addReturnPhotos,
  createReturn,
  createReturnWithPhotos,
  decideDispute,
  escalateReturn,
  getReturn,
  getReturnable,
  listReturns,
  postReturnMessage,
  type ReturnScope,
  returnPhotoFile,
  type SellerReturnAction,
} from '../services/returns';
import { returnPhotoStorage } from '../uploads/storage';
import { multipartOnly, sellersOnlySaying, signedIn } from './guards';
import { errors, json } from './openapi-helpers';

/*
 * Returns and disputes (issue 28, docs/decisions/042): the buyer's requests (/returns), the
 * seller's answers (/seller/returns), the operators' disputes (/admin/disputes). Each side reaches
 * only its own: another buyer's part or request, another store's request, is a 404. Every move
 * follows THE status table (src/lib/returns.ts): any other, or the same twice, is a 409.
 */

const settings = (c: { var: { config: { RETURN_DAYS: number; SELLER_ANSWER_DAYS: number } } }) => ({
  returnDays: c.var.config.RETURN_DAYS,
  answerDays: c.var.config.SELLER_ANSWER_DAYS,
});

const unauthorized: [number, string] = [401, 'Not signed in'];

/** POST …/{id}/messages on each side's router: a message on the request's thread. */
// biome-ignore lint/suspicious/noExplicitAny: each side's guard, with its own env
const messageRoute = <M extends MiddlewareHandler<any>>(tag: string, middleware: M, who: [number, string][]) =>
  createRoute({
    method: 'post',
    path: '/{id}/messages',
    tags: [tag],
    summary:
      'Write on the request’s thread: kept, and mailed to the other side (the operators too once it is escalated). Limited like Contact Seller.',
    middleware: [middleware] as const,
    request: {
      params: ReturnIdParam,
      body: { content: { 'application/json': { schema: ReturnMessageInput } }, required: true },
    },
    responses: {
      200: json(ReturnAnswer, 'The request with its thread'),
      ...errors(
        [400, 'Invalid body'],
        ...who,
        [404, 'Return request not found (or another’s)'],
        [429, 'Too many messages: wait a few minutes'],
      ),
    },
  });
const notFound: [number, string] = [404, 'Return request not found (or another’s)'];

/** The photos' form around the files (boundaries, part headers, the request's JSON) is small; each file is checked exactly. */
const FORM_BYTES = 64 * 1024;

/**
 * A body larger than MAX_RETURN_PHOTOS photos of 10 MB is refused before it is read (decision 012's
 * rule for one photo, decision 043 for three).
 */
const photosLimit: MiddlewareHandler<AppEnv> = bodyLimit({
  maxSize: MAX_RETURN_PHOTOS * MAX_UPLOAD_BYTES + FORM_BYTES,
  onError: (c) =>
    c.json(
      new ApiError(
        413,
        'payload_too_large',
        `Attach at most ${MAX_RETURN_PHOTOS} photos of at most 10 MB each. Choose smaller ones.`,
      ).body(),
      413,
    ),
});

const image = { schema: z.string().openapi({ format: 'binary' }) };

/** GET …/{id}/photos/{key}/{file} on each side's router: one of the request's private photos, to that side alone. */
// biome-ignore lint/suspicious/noExplicitAny: each side's guard, with its own env
const photoRoute = <M extends MiddlewareHandler<any>>(tag: string, middleware: M, who: [number, string][]) =>
  createRoute({
    method: 'get',
    path: '/{id}/photos/{key}/{file}',
    tags: [tag],
    summary:
      'One size of one of the request’s photos (`320.webp`, or its largest): private, served only to the request’s buyer, the seller of its part and the operators',
    middleware: [middleware] as const,
    request: { params: ReturnPhotoParams },
    responses: {
      200: { description: 'The image', content: { 'image/webp': image } },
      ...errors([400, 'Not a photo key or file name'], ...who, [404, 'No such photo of this request (or another’s)']),
    },
  });

/** The photo's bytes, never kept by a shared cache. */
async function sendPhoto<E extends AppEnv>(
  c: Context<E>,
  scope: ReturnScope,
  params: z.infer<typeof ReturnPhotoParams>,
) {
  const bytes = await returnPhotoFile(
    c.var.db,
    returnPhotoStorage(c.var.config),
    scope,
    params.id,
    params.key,
    params.file,
  );
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': 'image/webp',
    'Content-Length': String(bytes.byteLength),
    'Cache-Control': 'private, max-age=3600',
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Resource-Policy': 'same-site',
  });
}
const conflict: [number, string] = [409, 'A move the return status table does not allow'];

export const returnRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/',
      tags: ['Returns'],
      summary:
        'Ask to return items of one of your delivered, paid order parts, within RETURN_DAYS of its delivery: which lines and how many (never more than bought less already requested), why, and a note. Settled by a refund (exchanges are not offered).',
      middleware: [signedIn] as const,
      request: { body: { content: { 'application/json': { schema: CreateReturnInput } }, required: true } },
      responses: {
        201: json(ReturnAnswer, 'The request, requested'),
        ...errors(
          [400, 'Invalid body'],
          unauthorized,
          [404, 'Order part not found (or another buyer’s)'],
          [409, 'Not delivered or not paid, outside the return window, or more than can be returned'],
        ),
      },
    }),
    async (c) => {
      const request = await createReturn(c.var.db, requireUser(c).id, c.req.valid('json'), settings(c));
      c.var.log.info({ returnId: request.id, partId: request.partId }, 'return requested');
      return c.json({ success: true as const, request }, 201);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/with-photos',
      tags: ['Returns'],
      summary: `The same request as POST /returns, with up to ${MAX_RETURN_PHOTOS} photos (the upload pipeline’s rules: JPEG, PNG, WebP or AVIF by content, at most 10 MB and 50 megapixels each). All or nothing: a bad photo makes no request.`,
      description:
        'multipart/form-data: `request` is the request as JSON text, each photo a field named `photos`. The photos are turned upright, stripped of their metadata and kept privately: only you, the seller and the Yaad Market team can see them.',
      middleware: [
        signedIn,
        multipartOnly('the request and its photos', 'with the photos in fields named "photos"'),
        photosLimit,
      ] as const,
      request: { body: { content: { 'multipart/form-data': { schema: CreateReturnForm } }, required: true } },
      responses: {
        201: json(ReturnAnswer, 'The request, requested, with its photos'),
        ...errors(
          [400, 'Invalid request, more than 3 photos, or a photo that cannot be read'],
          unauthorized,
          [404, 'Order part not found (or another buyer’s)'],
          [409, 'Not delivered or not paid, outside the return window, or more than can be returned'],
          [413, 'A photo larger than 10 MB or 50 megapixels'],
          [415, 'Not multipart, or a file that is not a JPEG, PNG, WebP or AVIF image'],
          [503, 'Too many photos being processed; try again'],
        ),
      },
    }),
    async (c) => {
      const { request: input, photos } = c.req.valid('form');
      const request = await createReturnWithPhotos(
        c.var.db,
        returnPhotoStorage(c.var.config),
        requireUser(c).id,
        input,
        photos,
        settings(c),
      );
      c.var.log.info({ returnId: request.id, partId: request.partId, photos: photos.length }, 'return requested');
      return c.json({ success: true as const, request }, 201);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags: ['Returns'],
      summary: 'Your return requests, newest first',
      middleware: [signedIn] as const,
      request: { query: ReturnsQuery },
      responses: { 200: json(ReturnList, 'A page of requests'), ...errors([400, 'Invalid query'], unauthorized) },
    }),
    async (c) =>
      c.json(
        await listReturns(c.var.db, { buyerId: requireUser(c).id }, c.req.valid('query'), settings(c).answerDays),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/returnable/{orderId}',
      tags: ['Returns'],
      summary:
        'What of your order may be returned now: its delivered, paid parts inside the return window (RETURN_DAYS after delivery), until when, and how many of each line are left to ask for',
      middleware: [signedIn] as const,
      request: { params: OrderIdParam },
      responses: {
        200: json(Returnable, 'The parts that may be returned'),
        ...errors(unauthorized, [404, 'Order not found (or another buyer’s)']),
      },
    }),
    async (c) =>
      c.json(await getReturnable(c.var.db, requireUser(c).id, c.req.valid('param').orderId, settings(c)), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      tags: ['Returns'],
      summary: 'One of your return requests',
      middleware: [signedIn] as const,
      request: { params: ReturnIdParam },
      responses: { 200: json(ReturnAnswer, 'The request'), ...errors(unauthorized, notFound) },
    }),
    async (c) => {
      const request = await getReturn(c.var.db, { buyerId: requireUser(c).id }, c.req.valid('param').id, settings(c));
      return c.json({ success: true as const, request }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{id}/escalate',
      tags: ['Returns'],
      summary:
        'Ask the Yaad Market team to step in: a rejected request, or one its seller has not answered within SELLER_ANSWER_DAYS',
      middleware: [signedIn] as const,
      request: { params: ReturnIdParam },
      responses: {
        200: json(ReturnAnswer, 'The request, escalated'),
        ...errors(unauthorized, notFound, [
          409,
          'Not rejected, still within the seller’s time to answer, or already escalated',
        ]),
      },
    }),
    async (c) => {
      const request = await escalateReturn(c.var.db, requireUser(c).id, c.req.valid('param').id, settings(c));
      c.var.log.info({ returnId: request.id }, 'return escalated');
      return c.json({ success: true as const, request }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{id}/photos',
      tags: ['Returns'],
      summary: `Add photos to one of your open return requests (not refunded, decided or closed), up to ${MAX_RETURN_PHOTOS} in all; the upload pipeline’s rules, all or nothing`,
      description: 'multipart/form-data: each photo in a field named `photos`.',
      middleware: [signedIn, multipartOnly('the photos', 'each in a field named "photos"'), photosLimit] as const,
      request: {
        params: ReturnIdParam,
        body: { content: { 'multipart/form-data': { schema: AddReturnPhotosForm } }, required: true },
      },
      responses: {
        200: json(ReturnAnswer, 'The request with its photos'),
        ...errors(
          [400, 'No photo, more than 3, or a photo that cannot be read'],
          unauthorized,
          notFound,
          [409, 'The request is refunded, decided or closed, or would have more than 3 photos'],
          [413, 'A photo larger than 10 MB or 50 megapixels'],
          [415, 'Not multipart, or a file that is not a JPEG, PNG, WebP or AVIF image'],
          [503, 'Too many photos being processed; try again'],
        ),
      },
    }),
    async (c) => {
      const { photos } = c.req.valid('form');
      const request = await addReturnPhotos(
        c.var.db,
        returnPhotoStorage(c.var.config),
        requireUser(c).id,
        c.req.valid('param').id,
        photos,
        settings(c),
      );
      c.var.log.info({ returnId: request.id, photos: photos.length }, 'return photos added');
      return c.json({ success: true as const, request }, 200);
    },
  )
  .openapi(photoRoute('Returns', signedIn, [unauthorized]), async (c) =>
    sendPhoto(c, { buyerId: requireUser(c).id }, c.req.valid('param')),
  )
  .openapi(messageRoute('Returns', signedIn, [unauthorized]), async (c) => {
    const me = requireUser(c);
    const request = await postReturnMessage(
      c.var.db,
      { buyerId: me.id },
      { id: me.id, name: me.name, role: 'buyer' },
      c.req.valid('param').id,
      c.req.valid('json').message,
      settings(c),
    );
    return c.json({ success: true as const, request }, 200);
  });

const sellersOnly = sellersOnlySaying(MESSAGES.returns.notSeller);
const sellerWho: [number, string][] = [unauthorized, [403, 'Not a seller (owns no store)']];

async function act(c: Context<SellerEnv>, id: string, input: SellerReturnAction) {
  const request = await actOnReturn(c.var.db, c.var.seller, id, input, settings(c), c.var);
  c.var.log.info({ returnId: id, action: input.action, status: request.status }, 'seller acted on return');
  return c.json({ success: true as const, request }, 200);
}

/** A seller's move with a body (accept, reject, receive). */
const sellerAction = <T extends typeof AcceptReturnInput | typeof RejectReturnInput | typeof ReceiveReturnInput>(
  path: string,
  summary: string,
  schema: T,
) =>
  createRoute({
    method: 'post',
    path,
    tags: ['Seller returns'],
    summary,
    middleware: [sellersOnly] as const,
    request: { params: ReturnIdParam, body: { content: { 'application/json': { schema } }, required: true } },
    responses: {
      200: json(ReturnAnswer, 'The request as it now is'),
      ...errors([400, 'Invalid body'], ...sellerWho, notFound, conflict),
    },
  });

export const sellerReturnRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags: ['Seller returns'],
      summary: 'Return requests for your store’s order parts, newest first',
      middleware: [sellersOnly] as const,
      request: { query: ReturnsQuery },
      responses: { 200: json(ReturnList, 'A page of requests'), ...errors([400, 'Invalid query'], ...sellerWho) },
    }),
    async (c) =>
      c.json(await listReturns(c.var.db, { seller: c.var.seller }, c.req.valid('query'), settings(c).answerDays), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      tags: ['Seller returns'],
      summary: 'One return request for your store',
      middleware: [sellersOnly] as const,
      request: { params: ReturnIdParam },
      responses: { 200: json(ReturnAnswer, 'The request'), ...errors(...sellerWho, notFound) },
    }),
    async (c) => {
      const request = await getReturn(c.var.db, { seller: c.var.seller }, c.req.valid('param').id, settings(c));
      return c.json({ success: true as const, request }, 200);
    },
  )
  .openapi(
    sellerAction(
      '/{id}/accept',
      'Accept the return, saying how the item comes back: a courier, a Knutsford Express depot, or keep the item',
      AcceptReturnInput,
    ),
    async (c) => act(c, c.req.valid('param').id, { action: 'accept', ...c.req.valid('json') }),
  )
  .openapi(
    sellerAction('/{id}/reject', 'Reject the return, saying why (the buyer may then escalate it)', RejectReturnInput),
    async (c) => act(c, c.req.valid('param').id, { action: 'reject', ...c.req.valid('json') }),
  )
  .openapi(
    sellerAction(
      '/{id}/receive',
      'Mark the returned items received; the lines named go back into stock (your choice, per item)',
      ReceiveReturnInput,
    ),
    async (c) => act(c, c.req.valid('param').id, { action: 'receive', ...c.req.valid('json') }),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{id}/refund',
      tags: ['Seller returns'],
      summary:
        'Refund the returned items (their price and share of the tax), after receiving them or without a return: to the card through the gateway; for a bank transfer or cash on delivery, recorded by an operator. Charged to you in the books.',
      middleware: [sellersOnly] as const,
      request: { params: ReturnIdParam },
      responses: {
        200: json(ReturnAnswer, 'The request as it now is'),
        ...errors(...sellerWho, notFound, conflict),
      },
    }),
    async (c) => act(c, c.req.valid('param').id, { action: 'refund' }),
  )
  .openapi(photoRoute('Seller returns', sellersOnly, sellerWho), async (c) =>
    sendPhoto(c, { seller: c.var.seller }, c.req.valid('param')),
  )
  .openapi(messageRoute('Seller returns', sellersOnly, sellerWho), async (c) => {
    const me = requireUser(c);
    const request = await postReturnMessage(
      c.var.db,
      { seller: c.var.seller },
      { id: me.id, name: me.name, role: 'seller' },
      c.req.valid('param').id,
      c.req.valid('json').message,
      settings(c),
    );
    return c.json({ success: true as const, request }, 200);
  });

const operatorWho: [number, string][] = [unauthorized, [403, 'Not an operator']];

export const adminDisputeRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags: ['Operator'],
      summary:
        'Return disputes: escalated requests to decide, and those decided or closed (or any status asked), newest first',
      middleware: [operatorsOnly] as const,
      request: { query: ReturnsQuery },
      responses: { 200: json(ReturnList, 'A page of requests'), ...errors([400, 'Invalid query'], ...operatorWho) },
    }),
    async (c) => {
      requireOperator(c);
      return c.json(await listReturns(c.var.db, { operator: true }, c.req.valid('query'), settings(c).answerDays), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      tags: ['Operator'],
      summary: 'One return request, both sides of it',
      middleware: [operatorsOnly] as const,
      request: { params: ReturnIdParam },
      responses: { 200: json(ReturnAnswer, 'The request'), ...errors(...operatorWho, notFound) },
    }),
    async (c) => {
      requireOperator(c);
      const request = await getReturn(c.var.db, { operator: true }, c.req.valid('param').id, settings(c));
      return c.json({ success: true as const, request }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{id}/decide',
      tags: ['Operator'],
      summary:
        'Decide an escalated return: refund in full or in part (never more than the part may still be refunded; charged to the seller), or close it with no refund. Recorded in the action log.',
      middleware: [operatorsOnly] as const,
      request: {
        params: ReturnIdParam,
        body: { content: { 'application/json': { schema: DecideDisputeInput } }, required: true },
      },
      responses: {
        200: json(ReturnAnswer, 'The request, decided or closed'),
        ...errors([400, 'Invalid body'], ...operatorWho, notFound, [
          409,
          'Not escalated, or more than may be refunded',
        ]),
      },
    }),
    async (c) => {
      const request = await decideDispute(
        c.var.db,
        requireOperator(c),
        c.req.valid('param').id,
        c.req.valid('json'),
        settings(c),
        c.var,
      );
      c.var.log.info({ returnId: request.id, status: request.status }, 'operator decided a return dispute');
      return c.json({ success: true as const, request }, 200);
    },
  )
  .openapi(photoRoute('Operator', operatorsOnly, operatorWho), async (c) => {
    requireOperator(c);
    return sendPhoto(c, { operator: true }, c.req.valid('param'));
  })
  .openapi(messageRoute('Operator', operatorsOnly, operatorWho), async (c) => {
    const me = requireOperator(c);
    const request = await postReturnMessage(
      c.var.db,
      { operator: true },
      { id: me.id, name: me.name, role: 'operator' },
      c.req.valid('param').id,
      c.req.valid('json').message,
      settings(c),
    );
    return c.json({ success: true as const, request }, 200);
  });
