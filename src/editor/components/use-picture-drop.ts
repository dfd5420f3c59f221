/**
 * A picture picked or dropped with react-dropzone and uploaded as a map image (SPEC §5 Uploads: jpeg, jpg,
 * png or gif, below 10 MB; the server sniffs the content and checks the size again). Backgrounds must be
 * at least 800×600; pictures for image items have no minimum (src/server/store/map-images.ts).
 */
import { useState } from 'react'
import { useMutation } from '@tanstack/react-query'
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
  const [refused, setRefused] = useState<string | null>(null)
  const upload = useMutation({
    mutationFn: (file: File) => uploadPicture(options.hostgroupId, file, options.purpose),
    onSuccess: (image) => options.onUploaded(image),
  })
  const error = refused ?? (upload.error ? (errorKeyOf(upload.error) ?? 'invalid_map_background') : null)

  function onDrop(files: File[], rejected: FileRejection[]) {
    upload.reset()
    if (rejected.length) return setRefused(rejectionKey(rejected[0]))
    if (!files[0]) return
    setRefused(null)
    upload.mutate(files[0])
  }
  const dropzone = useDropzone({
    onDrop,
    multiple: false,
    maxSize: UPLOAD_MAX_BYTES,
    disabled: options.disabled,
    accept: { 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'], 'image/gif': ['.gif'] },
  })
  return { dropzone, error, uploading: upload.isPending }
}
