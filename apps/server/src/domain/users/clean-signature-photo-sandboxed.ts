import { Code } from '@signet/contracts';
import { runModuleSandboxed } from '@signet/pdf';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { withPdfErrors } from '../documents/pdf-errors.ts';
import { SANDBOX_TASKS } from '../sandbox-tasks.ts';
import { type CleanedSignature, parseInkColour } from './clean-signature-photo.ts';
import type { CleanSignaturePhotoInput } from './clean-signature-photo-task.ts';
import { readPhotoHeader } from './signature-photo-header.ts';

/**
 * Longest a clean-up may take in the sandbox (a 2400 × 2400 photo takes about a second there);
 * past it the task's process is killed and the call answers -179.
 */
const CLEAN_UP_TIMEOUT_MS = 20_000;

/**
 * `POST /v1/users/image/removebg` for a tenant's user or link signer: the photo's format, size
 * and ink colour are checked here (cheap, nothing decoded), then the clean-up runs in the sandbox
 * pool under the caller's tenant, with the pool's fair share, time and memory limits. Before,
 * it ran on the server's own threads: eight 2400 × 2400 photos stalled every request for 2.9 s,
 * and four small SVGs held libuv's threads for minutes.
 */
export async function cleanSignaturePhotoSandboxed(
  tenantId: string,
  photo: Uint8Array,
  inkColour: string,
  deps: Pick<Deps, 'sandbox'>,
): Promise<CleanedSignature> {
  parseInkColour(inkColour);
  readPhotoHeader(photo);
  try {
    return await withPdfErrors(() =>
      runModuleSandboxed<CleanedSignature>(
        SANDBOX_TASKS.cleanSignaturePhoto,
        photo,
        { inkColour } satisfies CleanSignaturePhotoInput,
        { pool: deps.sandbox, tenant: tenantId, timeoutMs: CLEAN_UP_TIMEOUT_MS },
      ),
    );
  } catch (error) {
    // The pool words a crashed or oversized task as an unreadable PDF (-59); here it was a photo.
    if (error instanceof AppError && error.code === Code.INVALID_DOCUMENT)
      throw new AppError(Code.INVALID_INPUT, 'The photo could not be read as an image');
    throw error;
  }
}
