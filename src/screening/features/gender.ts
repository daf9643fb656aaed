/** Gender: equal confirms a little; different is strong evidence against (lists rarely get it wrong). */
import { FEATURE_WEIGHTS, outcome, type Feature } from './feature.js';

export const gender: Feature = {
  name: 'gender',
  maxBoost: (q) => (q.gender ? FEATURE_WEIGHTS.genderEqual : 0),
  evaluate(q, e) {
    if (!q.gender) return null;
    const submitted = q.gender.toUpperCase();
    const listed = e.entity.gender;
    if (!listed) return outcome('gender', 'GENDER', 'UNKNOWN', submitted, null, 0);
    return listed === q.gender
      ? outcome(
          'genderEqual',
          'GENDER',
          'MATCHED',
          submitted,
          listed.toUpperCase(),
          FEATURE_WEIGHTS.genderEqual,
        )
      : outcome(
          'genderConflict',
          'GENDER',
          'NOT_MATCHED',
          submitted,
          listed.toUpperCase(),
          FEATURE_WEIGHTS.genderConflict,
        );
  },
  adjustment(q, e) {
    const listed = e.entity.gender;
    if (!q.gender || !listed) return 0;
    return listed === q.gender ? FEATURE_WEIGHTS.genderEqual : FEATURE_WEIGHTS.genderConflict;
  },
};
