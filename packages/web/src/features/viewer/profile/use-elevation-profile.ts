import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { skipToken, useQuery } from '@apollo/client/react';
import { useMemo } from 'react';
import { graphql } from '../../../graphql/generated/gql.ts';
import { type ProfilePoint, parseProfilePoints } from './profile-model.ts';

const ELEVATION_PROFILE = graphql(`
  query ElevationProfile($input: ElevationProfileInput!) {
    elevationProfile(input: $input) {
      points
      lengthMetres
      pointCount
      truncated
    }
  }
`);

export interface ElevationProfileRequest {
  scanIds: readonly string[];
  line: readonly [number, number][];
  corridorWidth: number;
}

export interface ElevationProfileResult {
  points: ProfilePoint[];
  lengthMetres: number;
  pointCount: number;
  truncated: boolean;
}

/** The profile of the scans' clouds along the line; no request while `request` is null. */
export function useElevationProfile(request: ElevationProfileRequest | null) {
  const { data, loading, error } = useQuery(
    ELEVATION_PROFILE,
    request
      ? {
          variables: {
            input: {
              scanIds: [...request.scanIds],
              line: request.line,
              corridorWidth: request.corridorWidth,
            },
          },
          // A profile is read once per drawn line and may hold 100,000 points: kept out of the
          // cache, which would copy and compare it for nothing.
          fetchPolicy: 'no-cache',
        }
      : skipToken,
  );
  const profile = data?.elevationProfile;
  const result = useMemo<ElevationProfileResult | null>(
    () =>
      profile
        ? {
            points: parseProfilePoints(profile.points),
            lengthMetres: profile.lengthMetres,
            pointCount: profile.pointCount,
            truncated: profile.truncated,
          }
        : null,
    [profile],
  );
  const errorText = error
    ? CombinedGraphQLErrors.is(error)
      ? error.errors.map((e) => e.message).join('\n')
      : error.message
    : null;
  return { result: request ? result : null, loading, errorText };
}
