import { DESKTOP_API } from '../../../contract/api-paths';
import type { Child } from '../../../contract/auth';
import { http } from '../../core/http/http';

/**
 * Makes `child` the parent's current child (spec §7 POST student/set/parentChildren?parentId=,
 * the body is the child's fields, form-encoded like every POST).
 */
export async function setParentChild(parentId: string, child: Child): Promise<void> {
  await http.request({
    method: 'post',
    url: DESKTOP_API.setParentChild,
    params: { parentId },
    data: {
      id: child.id,
      realName: child.realName,
      gradeName: child.gradeName,
      className: child.className,
      status: child.status,
      parentId: child.parentId,
    },
  });
}
