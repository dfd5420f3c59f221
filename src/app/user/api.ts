/** The tokens client (issue 16): the current user's API tokens and the wall tokens of environments they administer. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { api } from '../api/api'
import { CreatedToken, CreatedWallToken, TokenRow, WallTokenRow, type TokenBody, type WallTokenBody } from '../../shared/api/tokens'
import { MapList, SlideshowList } from '../../shared/api/maps'

export const tokenKeys = {
  all: ['tokens'] as const,
  api: () => [...tokenKeys.all, 'api'] as const,
  wall: (hostgroupId: number) => [...tokenKeys.all, 'wall', hostgroupId] as const,
  shown: (hostgroupId: number) => [...tokenKeys.all, 'shown', hostgroupId] as const,
}

export const useApiTokens = () =>
  useQuery({ queryKey: tokenKeys.api(), queryFn: ({ signal }) => api.request('tokens', { schema: z.array(TokenRow), signal }) })

export const useWallTokens = (hostgroupId: number | undefined) =>
  useQuery({
    queryKey: tokenKeys.wall(hostgroupId ?? 0),
    enabled: hostgroupId !== undefined,
    queryFn: ({ signal }) => api.request('wall-tokens', { query: { hostgroup_id: hostgroupId }, schema: z.array(WallTokenRow), signal }),
  })

/** The maps and slideshows a wall token of the environment may name. */
export const useWallChoices = (hostgroupId: number | undefined) =>
  useQuery({
    queryKey: tokenKeys.shown(hostgroupId ?? 0),
    enabled: hostgroupId !== undefined,
    queryFn: async ({ signal }) => {
      const query = { environment_ids: String(hostgroupId), limit: 250 }
      const [maps, slideshows] = await Promise.all([
        api.request('maps', { query, schema: MapList, signal }),
        api.request('slideshows', { query, schema: SlideshowList, signal }),
      ])
      return { maps: maps.result, slideshows: slideshows.result }
    },
  })

function useTokenMutation<V, R>(write: (vars: V) => Promise<R>) {
  const client = useQueryClient()
  return useMutation({ mutationFn: write, onSuccess: () => client.invalidateQueries({ queryKey: tokenKeys.all }) })
}

export const useCreateApiToken = () =>
  useTokenMutation((body: TokenBody) => api.request('tokens', { method: 'POST', body, schema: CreatedToken }))
export const useCreateWallToken = () =>
  useTokenMutation((body: WallTokenBody) => api.request('wall-tokens', { method: 'POST', body, schema: CreatedWallToken }))
export const useRevokeToken = (collection: 'tokens' | 'wall-tokens') =>
  useTokenMutation((id: number) => api.request(`${collection}/${id}`, { method: 'DELETE' }))
