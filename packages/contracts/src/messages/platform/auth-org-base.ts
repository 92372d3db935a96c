import type { MessageText } from '../text.ts';

/** Sign-in, accounts, verification codes, self service. */
export const authMessages = {
  PASSWORD_NOT_ENCRYPTED: {
    zh: '密码必须使用登录公钥加密后提交',
    en: 'The password must be encrypted with the login public key',
  },
  TOKEN_HEADER_REQUIRED: {
    zh: '请在 Authorization 头中提供要使用的令牌',
    en: 'Please send the token to use in the Authorization header',
  },
  NO_CONTACT: { zh: '账户未绑定手机号', en: 'The account has no mobile number' },
  'NO_CONTACT.email': { zh: '账户未绑定邮箱', en: 'The account has no e-mail address' },
  CODE_TOO_FREQUENT: {
    zh: '验证码发送过于频繁，请1分钟后再试',
    en: 'Codes are being requested too often; please try again in a minute',
  },
  CODE_REQUIRED: {
    zh: '修改手机号或邮箱需要先获取验证码',
    en: 'Changing the mobile number or e-mail needs a verification code first',
  },
  CODE_EXPIRED: {
    zh: '验证码已失效，请重新获取',
    en: 'The verification code has expired; please get a new one',
  },
  CODE_WRONG: { zh: '验证码不正确', en: 'The verification code is wrong' },
  CODE_INVALID: {
    zh: '验证码不正确或已失效，请重新获取',
    en: 'The verification code is wrong or has expired; please get a new one',
  },
  ACCOUNT_LOCKED: {
    zh: '账户已被锁定，请于 {until} 后再试，或通过忘记密码重置',
    en: 'The account is locked; try again after {until}, or reset the password',
  },
  'ACCOUNT_LOCKED.just_now': {
    zh: '连续输错{max}次，账户已被锁定至 {until}',
    en: 'Wrong {max} times in a row; the account is locked until {until}',
  },
  BAD_CREDENTIALS: {
    zh: '账户或密码错误，连续输错5次后账户将被锁定',
    en: 'Wrong account or password; the account is locked after 5 failures in a row',
  },
  ACCOUNT_DISABLED: {
    zh: '账户已停用，请联系管理员',
    en: 'The account is disabled; please contact the administrator',
  },
  TENANT_SUSPENDED: {
    zh: '所属企业已停用，请联系平台管理员',
    en: 'Your company is suspended; please contact the platform administrator',
  },
} as const satisfies Record<string, MessageText>;

/** Users, departments, groups and the permission guards around them. */
export const orgMessages = {
  SELF_DISABLE: { zh: '不能停用当前登录的账户', en: 'You cannot disable the account you are logged in with' },
  SELF_RESET: {
    zh: '不能重置本人密码，请在个人中心修改密码',
    en: 'You cannot reset your own password here; change it in your profile',
  },
  SELF_DELETE: { zh: '不能删除当前登录的账户', en: 'You cannot delete the account you are logged in with' },
  DEPARTMENT_NOT_FOUND: {
    zh: '部门不存在（字段 departmentId）',
    en: 'The department does not exist (field departmentId)',
  },
  'DEPARTMENT_NOT_FOUND.own': {
    zh: '所选部门不存在或不属于本企业',
    en: 'The chosen department does not exist or is not in your company',
  },
  POSITION_NOT_FOUND: {
    zh: '岗位不存在（字段 positionId）',
    en: 'The position does not exist (field positionId)',
  },
  GROUP_NOT_FOUND: {
    zh: '用户组不存在（字段 groupIds）',
    en: 'A user group does not exist (field groupIds)',
  },
  'NOT_FOUND.user': { zh: '用户不存在', en: 'The user does not exist' },
  'NOT_FOUND.group': { zh: '用户组不存在', en: 'The user group does not exist' },
  USERNAME_TAKEN: {
    zh: '用户名「{username}」已被使用（字段 username）',
    en: 'The username "{username}" is already taken (field username)',
  },
  'USERNAME_TAKEN.register': {
    zh: '该用户名已被使用，请换一个',
    en: 'This username is already taken; please choose another',
  },
  TENANT_NOT_FOUND: { zh: '企业不存在（字段 tenantId）', en: 'The company does not exist (field tenantId)' },
  PARENT_NOT_FOUND: {
    zh: '上级部门不存在（字段 parentId）',
    en: 'The parent department does not exist (field parentId)',
  },
  DEPARTMENT_NAME_TAKEN: {
    zh: '同一上级下已有名为「{name}」的部门（字段 name）',
    en: 'A department named "{name}" already exists under the same parent (field name)',
  },
  DEPARTMENT_CYCLE: {
    zh: '不能把部门移到它自身或其下级部门之下（字段 parentId）',
    en: 'A department cannot be moved under itself or one of its sub-departments (field parentId)',
  },
  DEPARTMENT_HAS_CHILDREN: {
    zh: '该部门下还有 {count} 个下级部门，请先删除或移走下级部门',
    en: 'This department still has {count} sub-departments; delete or move them first',
  },
  DEPARTMENT_HAS_USERS: {
    zh: '该部门下还有 {count} 位用户，请先将用户调整到其他部门',
    en: 'This department still has {count} users; move them to another department first',
  },
  GROUP_CODE_TAKEN: {
    zh: '编码「{code}」已被使用（字段 code）',
    en: 'The code "{code}" is already taken (field code)',
  },
  GROUP_TYPE_NOT_FOUND: {
    zh: '用户组类型不存在（字段 groupTypeId）',
    en: 'The user group type does not exist (field groupTypeId)',
  },
  GROUP_PROTECTED: { zh: '企业管理员组不能删除', en: 'The company administrators group cannot be deleted' },
  'GROUP_PROTECTED.authority': {
    zh: '企业管理员组拥有全部权限，不能修改',
    en: 'The company administrators group holds every permission and cannot be changed',
  },
  USER_NOT_FOUND: {
    zh: '用户不存在或不属于该用户组所在企业（字段 userIds）',
    en: "A user does not exist or is not in the group's company (field userIds)",
  },
  NOT_GRANTABLE: {
    zh: '包含不存在或无权授予的菜单（字段 menuIds）',
    en: 'Contains menus that do not exist or that you cannot grant (field menuIds)',
  },
  'NOT_GRANTABLE.elements': {
    zh: '包含不存在或无权授予的按钮（字段 elementIds）',
    en: 'Contains buttons that do not exist or that you cannot grant (field elementIds)',
  },
  'FORBIDDEN.group_beyond_own': {
    zh: '不能分配或调整超出本人权限的用户组',
    en: 'You cannot assign or change user groups beyond your own permissions',
  },
  'FORBIDDEN.user_above_own': {
    zh: '不能管理权限高于本人的用户',
    en: 'You cannot manage users with more permissions than yours',
  },
  LAST_TENANT_ADMIN: {
    zh: '企业至少需要保留一位启用状态的管理员，无法执行此操作',
    en: 'A company must keep at least one active administrator; this cannot be done',
  },
} as const satisfies Record<string, MessageText>;

/** Companies (tenants), menus, registration, uploads of the platform's base. */
export const baseMessages = {
  'FORBIDDEN.custom_branding': {
    zh: '仅定制企业的管理员可以上传企业标识和标题图',
    en: 'Only administrators of a customised company can upload its logo and title image',
  },
  'FORBIDDEN.company_admin': {
    zh: '仅企业管理员可以修改企业基本信息',
    en: "Only a company administrator can change the company's details",
  },
  NO_COMPANY: {
    zh: '平台账户不属于任何企业，没有企业信息',
    en: 'A platform account belongs to no company and has no company details',
  },
  'NOT_FOUND.company': { zh: '企业不存在', en: 'The company does not exist' },
  'NOT_FOUND.tenant': { zh: '租户不存在', en: 'The tenant does not exist' },
  'NOT_FOUND.menu': { zh: '菜单不存在', en: 'The menu does not exist' },
  'NOT_FOUND.element': { zh: '按钮不存在', en: 'The button does not exist' },
  ELEMENT_CODE_PREFIX: { zh: '按钮编码须以 {prefix} 开头', en: 'A button code must start with {prefix}' },
  ELEMENT_CODE_TAKEN: { zh: '按钮编码 {code} 已存在', en: 'The button code {code} already exists' },
  MENU_PARENT_NOT_FOUND: { zh: '上级菜单不存在', en: 'The parent menu does not exist' },
  MENU_CODE_TAKEN: { zh: '菜单编码 {code} 已存在', en: 'The menu code {code} already exists' },
  MENU_PARENT_CYCLE: {
    zh: '上级菜单不能是自身或其下级菜单',
    en: 'A menu cannot be its own parent or be placed under one of its sub-menus',
  },
  MENU_HAS_CHILDREN: {
    zh: '该菜单下还有子菜单，请先删除子菜单',
    en: 'This menu still has sub-menus; delete them first',
  },
  CREDIT_CODE_CHECKSUM: {
    zh: '统一社会信用代码校验未通过，请对照营业执照核对后重新填写',
    en: 'The unified social credit code fails its check digit; please compare it with the business licence',
  },
  'CREDIT_CODE_MALFORMED.legacy': {
    zh: '请填写18位统一社会信用代码；仍使用旧税号的企业请联系客服开通',
    en: 'Please enter the 18-character unified social credit code; companies still on an old tax number should contact support',
  },
  CREDIT_CODE_MALFORMED: {
    zh: '统一社会信用代码格式不正确：应为18位数字或大写字母（不含 I、O、S、V、Z）',
    en: 'Malformed unified social credit code: 18 digits or capital letters (without I, O, S, V, Z)',
  },
  CREDIT_CODE_TAKEN: {
    zh: '该统一社会信用代码已注册，请直接登录或联系平台管理员',
    en: 'This unified social credit code is already registered; please log in or contact the platform administrator',
  },
  TENANT_PARENT_REQUIRED: { zh: '代理商客户须选择所属代理商', en: "An agent's customer must name its agent" },
  TENANT_PARENT_INVALID: { zh: '所属代理商不能是自身', en: 'A tenant cannot be its own agent' },
  'TENANT_PARENT_INVALID.not_agent': {
    zh: '所属代理商不存在或不是代理商类型',
    en: 'The agent does not exist or is not an agent',
  },
} as const satisfies Record<string, MessageText>;
