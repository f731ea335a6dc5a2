import { entityIdSchema, userCreateInput, userUpdateInput } from '@asset-portal/shared';
import { z } from 'zod';
import type { UserRow } from '../../db/schema.ts';
import { loaderFor, type RequestContext } from '../../graphql/context.ts';
import type { GraphqlModule } from '../../graphql/module.ts';
import { operation } from '../../graphql/operation.ts';
import { parseInput } from '../../graphql/parse-input.ts';
import { userPolicy } from '../../policies/user.policy.ts';
import { organizationRepository } from '../organizations/organization.repository.ts';
import { type CreatedUser, userService } from './user.service.ts';

// Text arguments are nullable so a missing value gets the spec's 'Value is required' from the
// shared schema instead of a GraphQL type error.
const typeDefs = `
  type User {
    id: ID!
    name: String!
    userType: String!
    "Contact details and sign-in names are null for a caller who may not read this user (a Standard user listing colleagues)."
    email: String
    phone: String
    enabled: Boolean!
    "The identity provider's subject of the user's sign-in account."
    awsUserId: String
    username: String
    organization: Organization
    "Link where a new user sets their password: only in createOrgUser's result when the admin must pass it on (outbox or failed e-mail), null elsewhere."
    invitationUrl: String
    "How createOrgUser's invitation went out: EMAIL, OUTBOX (saved in the server's outbox, not delivered), FAILED; null elsewhere or when the identity provider sends it."
    invitationDelivery: String
  }
  extend type Query {
    orgUsers: [User!]!
    orgUsersByOrgId(orgId: ID!): [User!]!
    "The signed-in user's record, looked up after sign-in; same rules as user."
    getOrgUserContext(awsUserId: String!): User
    user(awsUserId: String!): User
  }
  extend type Mutation {
    createOrgUser(name: String, email: String, phone: String, username: String, organizationId: ID): User!
    updateOrgUser(id: ID!, name: String, enabled: Boolean!, organizationId: ID, userType: String, email: String, phone: String): User!
    deleteOrgUser(id: ID!): Boolean!
  }
`;

const idInput = z.object({ id: entityIdSchema });
const orgIdInput = z.object({ orgId: entityIdSchema });
const subjectInput = z.object({ awsUserId: z.string().trim().min(1).max(255) });
const manage = ['Admin', 'Power User'] as const;
const organizationLoader = organizationRepository.byIdLoader;

const getBySubject = operation('any', (args, ctx) =>
  userService.getBySubject(ctx, parseInput(subjectInput, args).awsUserId),
);

/** A field only a caller who may read the whole user sees (spec roles: user.policy.ts). */
function privateField(field: 'email' | 'phone' | 'awsUserId' | 'username') {
  return (user: UserRow, _args: unknown, ctx: RequestContext) =>
    userPolicy.canRead(ctx.viewer, user) ? user[field] : null;
}

export const userModule: GraphqlModule = {
  typeDefs,
  queries: {
    orgUsers: operation('any', (_args, ctx) => userService.list(ctx)),
    orgUsersByOrgId: operation('any', (args, ctx) =>
      userService.listByOrganization(ctx, parseInput(orgIdInput, args).orgId),
    ),
    getOrgUserContext: getBySubject,
    user: getBySubject,
  },
  mutations: {
    createOrgUser: operation(manage, (args, ctx) =>
      userService.create(ctx, parseInput(userCreateInput, args)),
    ),
    updateOrgUser: operation(manage, (args, ctx) =>
      userService.update(ctx, parseInput(userUpdateInput, args)),
    ),
    deleteOrgUser: operation(manage, (args, ctx) =>
      userService.delete(ctx, parseInput(idInput, args).id),
    ),
  },
  types: {
    User: {
      email: privateField('email'),
      phone: privateField('phone'),
      awsUserId: privateField('awsUserId'),
      username: privateField('username'),
      organization: (user: UserRow, _args: unknown, ctx: RequestContext) =>
        loaderFor(ctx, organizationLoader).load(user.organizationId),
      invitationUrl: (user: UserRow & Partial<CreatedUser>) => user.invitationUrl ?? null,
      invitationDelivery: (user: UserRow & Partial<CreatedUser>) => user.invitationDelivery ?? null,
    },
  },
};
