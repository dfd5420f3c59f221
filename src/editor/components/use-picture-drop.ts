/**
 * A picture picked or dropped with react-dropzone and uploaded as a map image (SPEC §5 Uploads: jpeg, jpg,
 * png or gif, below 10 MB; the server sniffs the content and checks the size again). Backgrounds must be
 * at least 800×600; pictures for image items have no minimum (src/server/store/map-images.ts).
 */
import { useState } from 'react'
import { useDropzone, type FileRejection } from 'react-dropzone'
import { UPLOAD_MAX_BYTES } from '../../shared/constants'
import { errorKeyOf, uploadPicture, type PicturePurpose, type UploadedPicture } from '../api'

/** What the browser can tell before uploading: the SPEC §8 key of a refused file. */
const rejectionKey = (r: FileRejection) =>
  r.errors.some((e) => e.code === 'file-too-large') ? 'background_too_large' : 'forbidden_file_extension'

export function usePictureDrop(options: {
  hostgroupId: number
  purpose: PicturePurpose
  disabled?: boolean
  onUploaded(image: UploadedPicture): void
}) {
  const [error, setError] = useState<string | null>(null)
  const [uploading, setUploading] = useState(false)

  async function onDrop(files: File[], rejected: FileRejection[]) {
    if (rejected.length) return setError(rejectionKey(rejected[0]))
    if (!files[0]) return
    setError(null)
    setUploading(true)
    try {
      options.onUploaded(await uploadPicture(options.hostgroupId, files[0], options.purpose))
    } catch (e) {
      setError(errorKeyOf(e) ?? 'invalid_map_background')
    } finally {
      setUploading(false)
    }
  }
  const dropzone = useDropzone({
    onDrop: (f, r) => void onDrop(f, r),
    multiple: false,
    maxSize: UPLOAD_MAX_BYTES,
    disabled: options.disabled,
    accept: { 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'], 'image/gif': ['.gif'] },
  })
  return { dropzone, error, uploading }
}
