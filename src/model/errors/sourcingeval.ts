import { defineErrors } from './define';

/** The errors of sourcingeval (fed into the sourcingeval catalogue part; see ./index). */
export const sourcingevalErrors = defineErrors({
  'src.eval.noItems': { kind: 'precheck', zh: '评估方案没有评估项，不能激活', en: 'The scheme has no items and cannot be activated' },
  'src.score.badRecord': { kind: 'conflict', zh: '只能对已入围的供应商评分', en: 'Only shortlisted suppliers are scored' },
  'src.score.notEvaluating': { kind: 'conflict', zh: '寻源项目不在评估中，不能评分', en: 'The project is not in evaluation: scores cannot be entered' },
  'src.score.notMember': { kind: 'forbidden', zh: '您不是该寻源项目的评估成员', en: 'You are not an evaluation member of this sourcing project' },
  'src.score.notOption': { kind: 'validation', zh: '评分须为该评估项的选项分值之一', en: 'The score must be one of the item\'s option scores' },
  'src.score.range': { kind: 'validation', zh: '评分不能超过最大值 {{max}}，也不能低于最小值 {{min}}', en: 'A score cannot exceed the maximum {{max}} or go below the minimum {{min}}' },
});
