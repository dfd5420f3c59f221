/** The editor's picture item: an uploaded image, resized freely. */
import type { UploadedPicture } from '../api'
import { labelField, type EditorKindDef } from './types'

export const image: EditorKindDef = { keepRatio: false, fields: [labelField] }

/** A new picture is placed at its own size, shrunk to fit this box (keeping its proportions). */
export const IMAGE_PLACE_MAX = 400

/** The palette's place request values for an uploaded picture: its id and a size that keeps its proportions. */
export function imageInit(picture: Pick<UploadedPicture, 'id' | 'width' | 'height'>): { image_id: number; w: number; h: number } {
  const scale = Math.min(1, IMAGE_PLACE_MAX / Math.max(picture.width, picture.height, 1))
  return { image_id: picture.id, w: Math.max(1, Math.round(picture.width * scale)), h: Math.max(1, Math.round(picture.height * scale)) }
}
