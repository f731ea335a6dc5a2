import type { GraphqlModule } from '../graphql/module.ts';
import { organizationModule } from './organizations/organization.graphql.ts';

/** Every domain module of the API. */
export const modules: GraphqlModule[] = [organizationModule];
