import { SAMPLE_JPEG, SAMPLE_PNG } from '../documents/files.js';
import { CATEGORIES } from '../product.js';
import { file, IMAGE_KINDS, number } from '../requests/fields.js';
import { arr, bool, NULLABLE, num, obj, str } from '../requests/results.js';
import { at, type ProductEntry } from './define.js';
import { hostedFetch, hostedInit, single } from './steps.js';

const category = CATEGORIES.face;

const cardImage = file('card_image', {
  label: 'Card image',
  description: 'The identity card, PNG or JPEG as base64 without prefix.',
  accept: IMAGE_KINDS,
  example: SAMPLE_PNG,
});
const userImage = file('user_image', {
  label: 'User image',
  description: "The customer's photograph, PNG or JPEG as base64 without prefix.",
  accept: IMAGE_KINDS,
  example: SAMPLE_JPEG,
});
const MATCH_RESULT = { match: bool('true when the score is at least 70.'), match_score: num('Similarity of the faces, 0 to 100.') };

export const face: readonly ProductEntry[] = [
  {
    arn: 'in_face_match_lite',
    name: 'Face Match',
    category,
    short_description: 'Compares the face on an identity document with a selfie and returns a similarity score.',
    additional_info:
      "Send the card image and the user's photograph; the response gives a match score and a match decision. Used in onboarding, video KYC and account recovery to confirm that the person presenting a document is its holder.",
    default_free_transactions: 100,
    auto_approval: true,
    show_while_onboarding: true,
    operations: [
      single('Match a card face with a selfie', [cardImage, userImage], { ...MATCH_RESULT, confidence: str("'HIGH', 'MEDIUM' or 'LOW'.", 'none') }, [
        at('card_image', 0),
        at('user_image', 0),
      ]),
    ],
  },
  {
    arn: 'in_face_crop_lite',
    name: 'Face Crop',
    category,
    short_description: 'Detects and crops the face photograph from an identity document image.',
    additional_info:
      'Returns the cropped face from a card image as a base64 image, ready to store or to compare with a selfie in Face Match. Used to keep a clean portrait of the customer on file.',
    default_free_transactions: 100,
    auto_approval: true,
    show_while_onboarding: false,
    operations: [
      single(
        'Crop the face from a card image',
        [cardImage],
        {
          face_detected: bool('Whether a face was found.'),
          face_image: str('The cropped face, base64 PNG.', 'file', NULLABLE),
          bounding_box: obj(
            'Where the face is in the card image, pixels.',
            { x: num('Left.'), y: num('Top.'), width: num('Width.'), height: num('Height.') },
            NULLABLE,
          ),
        },
        [at('card_image', 0)],
      ),
    ],
  },
  {
    arn: 'in_face_liveness_lite',
    name: 'Face Liveness',
    category,
    short_description: 'Checks that a selfie comes from a live person present at the time of capture.',
    additional_info:
      'Starts a hosted capture session and returns its SDK link and request_id; after the customer completes it, the result is fetched with the request_id and carries a liveness score and decision, plus a face-match score when a reference image was supplied. Defends against printed photos, screen replays and masks.',
    default_free_transactions: 50,
    auto_approval: true,
    show_while_onboarding: false,
    flow: { kind: 'hosted', expiresInMinutes: 30, page: { title: 'Face liveness check', passLabel: 'I am a live person', failLabel: 'Spoof attempt' } },
    operations: [
      hostedInit(
        'Open a liveness capture session.',
        [
          file('face_match', {
            label: 'Reference image',
            description: 'Optional: a face to compare with the capture, base64 without prefix.',
            accept: ['png', 'jpeg', 'webp', 'tiff'],
            typeMessage: 'Please select correct Image! Only image files ( jpg, jpeg, png ) are allowed.',
            requiredMessage: 'Please select correct Image! Only image files ( jpg, jpeg, png ) are allowed.',
            required: false,
            example: SAMPLE_PNG,
            form: { shownWhen: { toggle: 'faceMatch' } },
          }),
        ],
        [at('face_match', 0)],
      ),
      hostedFetch('Fetch the liveness result.', {
        liveness: obj('Null while pending.', { is_live: bool('Whether a live person was captured.'), score: num('Liveness score, 0 to 100.') }, NULLABLE),
        face_match: obj('With a reference image: the capture compared with it.', MATCH_RESULT, { optional: true, nullable: true }),
      }),
    ],
  },
  {
    arn: 'in_face_search_lite',
    name: 'Face Search API',
    category,
    short_description: 'Searches a face against the faces your organisation has enrolled, to find duplicates.',
    additional_info:
      'Compares a photograph with the gallery of faces previously enrolled by your organisation and returns the closest matches with their scores. Used to detect the same person applying under different identities.',
    default_free_transactions: 10,
    auto_approval: false,
    show_while_onboarding: false,
    operations: [
      single(
        'Search a face in your gallery',
        [
          userImage,
          number('max_results', {
            label: 'Maximum results',
            description: 'At most this many matches, 1 to 10 (default 5).',
            message: 'max_results must be a number from 1 to 10',
            min: 1,
            max: 10,
            required: false,
            default: 5,
            example: 5,
          }),
        ],
        {
          matches: arr(
            'The closest enrolled faces, best first.',
            obj('A match.', { face_id: str('Id of the enrolled face.', 'none'), score: num('0 to 100.'), enrolled_at: str('ISO 8601.', 'none') }),
          ),
        },
        [at('user_image', 0)],
      ),
    ],
  },
];
