import { SAMPLE_PNG } from '../../documents/files.js';
import type { BuildInput, ProductSandbox, Result } from '../engine.js';
import { hostedFetched, hostedOpened, single } from './flows.js';

/** What a file is known by in the sandbox: its length and its two ends (cheap, and stable). */
export const fingerprint = (base64: unknown): string => {
  const text = String(base64 ?? '');
  return `${text.length}:${text.slice(0, 64)}:${text.slice(-64)}`;
};

function faceMatch({ data, rng }: BuildInput): Result {
  const random = rng('face-match', fingerprint(data.card_image), fingerprint(data.user_image));
  const score = data.card_image === data.user_image ? 100 : random.int(35, 98);
  return { match: score >= 70, match_score: score, confidence: score >= 85 ? 'HIGH' : score >= 60 ? 'MEDIUM' : 'LOW' };
}

function faceCrop({ data, rng }: BuildInput): Result {
  const random = rng('face-crop', fingerprint(data.card_image));
  return {
    face_detected: true,
    face_image: SAMPLE_PNG,
    bounding_box: { x: random.int(20, 60), y: random.int(40, 90), width: random.int(90, 130), height: random.int(110, 160) },
  };
}

function faceSearch({ data, rng }: BuildInput): Result {
  const random = rng('face-search', fingerprint(data.user_image));
  const count = Math.min(Number(data.max_results ?? 5), random.int(0, 3));
  const matches = Array.from({ length: count }, () => ({
    face_id: `face_${random.digits(8)}`,
    score: random.int(72, 99),
    enrolled_at: `2024-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}T10:00:00.000Z`,
  }));
  return { matches: matches.sort((a, b) => b.score - a.score) };
}

export const faceSandboxes: Record<string, ProductSandbox> = {
  in_face_match_lite: single(faceMatch),
  in_face_crop_lite: single(faceCrop, ['face_image', 'bounding_box']),
  in_face_liveness_lite: {
    init: hostedOpened(({ data }) => ({ face_match: data.face_match !== undefined })),
    fetch: hostedFetched({ liveness: null, face_match: null }, ({ session, rng }, passed) => {
      const random = rng('liveness', session!.id);
      const score = passed ? random.int(86, 99) : random.int(5, 40);
      const compared =
        session!.state.face_match === true ? { face_match: { match: passed, match_score: passed ? random.int(80, 99) : random.int(10, 50) } } : {};
      return { liveness: { is_live: passed, score }, ...compared };
    }),
  },
  in_face_search_lite: single(faceSearch),
};
