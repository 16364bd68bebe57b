import { createRoute } from '@hono/zod-openapi';
import { AddressInput, AddressList } from '../../lib/contract/addresses';
import { IdParam } from '../../lib/contract/catalog';
import { requireUser } from '../auth/middleware';
import { createRouter } from '../http/router';
import { addAddress, listAddresses, removeAddress, setDefaultAddress, updateAddress } from '../services/addresses';
import { errors, json } from './openapi-helpers';

const tags = ['Users'];
const body = { body: { content: { 'application/json': { schema: AddressInput } }, required: true } };
const answer = { 200: json(AddressList, "The shopper's addresses, default first") };
const fail = errors([400, 'Please fill in all required fields'], [401, 'Not signed in'], [404, 'Address not found']);

/** The address book, kept on the server per shopper (it follows them to a new device). */
export const addressRoutes = createRouter()
  .openapi(
    createRoute({ method: 'get', path: '/', tags, summary: 'The address book', responses: { ...answer, ...fail } }),
    async (c) => c.json({ addresses: await listAddresses(c.var.db, requireUser(c).id) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/',
      tags,
      summary: 'Add an address (the first becomes the default)',
      request: body,
      responses: { ...answer, ...fail },
    }),
    async (c) => c.json({ addresses: await addAddress(c.var.db, requireUser(c).id, c.req.valid('json')) }, 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/{id}',
      tags,
      summary: 'Change an address',
      request: { params: IdParam, ...body },
      responses: { ...answer, ...fail },
    }),
    async (c) =>
      c.json(
        { addresses: await updateAddress(c.var.db, requireUser(c).id, c.req.valid('param').id, c.req.valid('json')) },
        200,
      ),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/{id}',
      tags,
      summary: 'Remove an address',
      request: { params: IdParam },
      responses: { ...answer, ...fail },
    }),
    async (c) => c.json({ addresses: await removeAddress(c.var.db, requireUser(c).id, c.req.valid('param').id) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{id}/default',
      tags,
      summary: 'Make an address the default (all others are cleared)',
      request: { params: IdParam },
      responses: { ...answer, ...fail },
    }),
    async (c) =>
      c.json({ addresses: await setDefaultAddress(c.var.db, requireUser(c).id, c.req.valid('param').id) }, 200),
  );
