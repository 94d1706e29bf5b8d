// /admin/rbac: the roles and who holds them (spec §6). Admins read; a super admin creates,
// renames and deletes roles, and assigns and removes them. The policies are the gate.
import { Plus } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { columnHelper, type DataTableColumn } from '@/components/data-table';
import { ResourceList } from '@/components/resource-list';
import { Button } from '@/components/ui/button';
import { controlClass, OptionList } from '@/components/ui/field';
import { Card, PageHeader } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { useAuth } from '@/lib/auth';
import { formatDate } from '@/lib/display-format';
import {
  parsePermissions,
  useAssignments,
  useAssignRole,
  useDeleteRole,
  useRemoveAssignment,
  useRoles,
  useSaveRole,
  type RoleRow,
} from '../api/roles';
import { text } from '../text';
import { DeleteButton, EditButton } from '@/components/row-actions';

const ROLE_NAME = /^[a-z][a-z0-9_]{1,49}$/;

function RoleForm({ role, onDone }: { role: RoleRow | null; onDone: () => void }) {
  const save = useSaveRole();
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [permissions, setPermissions] = useState(role?.permissions.join(', ') ?? '');
  const nameError = name && !ROLE_NAME.test(name) ? text.roleNameHint : undefined;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!ROLE_NAME.test(name)) return;
    try {
      await save.mutateAsync({
        id: role?.id,
        name,
        description,
        permissions: parsePermissions(permissions),
      });
      toast({ title: text.roleSaved, variant: 'success' });
      onDone();
    } catch {
      // Toasted by the query client.
    }
  }

  return (
    <form
      onSubmit={submit}
      className="mt-3 grid gap-3 rounded-md border border-stone-200 bg-stone-50 p-4 sm:grid-cols-3"
      aria-label={role ? text.editRole : text.addRole}
    >
      <label>
        <span className="mb-1 block text-sm font-semibold">{text.roleName}</span>
        <input
          value={name}
          onChange={(e) => setName(e.target.value.trim())}
          className={controlClass}
          aria-invalid={nameError ? true : undefined}
          aria-describedby="role-name-hint"
          required
        />
        <span
          id="role-name-hint"
          className={`mt-1 block text-xs ${nameError ? 'text-red-700' : 'text-stone-600'}`}
        >
          {text.roleNameHint}
        </span>
      </label>
      <label>
        <span className="mb-1 block text-sm font-semibold">{text.roleDescription}</span>
        <input
          value={description}
          maxLength={500}
          onChange={(e) => setDescription(e.target.value)}
          className={controlClass}
        />
      </label>
      <label>
        <span className="mb-1 block text-sm font-semibold">{text.rolePermissions}</span>
        <input
          value={permissions}
          onChange={(e) => setPermissions(e.target.value)}
          className={controlClass}
        />
        <span className="mt-1 block text-xs text-stone-600">{text.permissionsHint}</span>
      </label>
      <div className="flex gap-2 sm:col-span-3">
        <Button type="submit" disabled={save.isPending || !ROLE_NAME.test(name)}>
          {role ? text.saveRole : text.createRole}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          {text.cancel}
        </Button>
      </div>
    </form>
  );
}

function AssignForm({ roles, by }: { roles: RoleRow[]; by: string }) {
  const assign = useAssignRole();
  const [email, setEmail] = useState('');
  const [roleId, setRoleId] = useState('');
  const id = useId();
  return (
    <form
      className="mb-3 flex flex-col gap-3 sm:flex-row sm:items-end"
      onSubmit={async (e) => {
        e.preventDefault();
        try {
          await assign.mutateAsync({ email, roleId, by });
          toast({ title: text.assigned, variant: 'success' });
          setEmail('');
        } catch {
          // Toasted by the query client.
        }
      }}
    >
      <label className="flex-1">
        <span className="mb-1 block text-sm font-semibold">{text.assignTo}</span>
        <input
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          className={controlClass}
        />
      </label>
      <div>
        <label htmlFor={`${id}-role`} className="mb-1 block text-sm font-semibold">
          {text.assignRole}
        </label>
        <select
          id={`${id}-role`}
          required
          value={roleId}
          onChange={(e) => setRoleId(e.target.value)}
          className={controlClass}
        >
          <option value="">—</option>
          <OptionList options={roles.map((r) => ({ value: r.id, label: r.name }))} />
        </select>
      </div>
      <Button type="submit" disabled={assign.isPending || !roleId || !email}>
        {text.assign}
      </Button>
    </form>
  );
}

type Assignment = NonNullable<ReturnType<typeof useAssignments>['data']>[number];
type RoleWithHolders = NonNullable<ReturnType<typeof useRoles>['data']>[number];

function RoleActions({ role, onEdit }: { role: RoleWithHolders; onEdit: (role: RoleRow) => void }) {
  const del = useDeleteRole();
  const holders = role.user_roles[0]?.count ?? 0;
  return (
    <div className="flex gap-1">
      <EditButton label={`${text.editRole} ${role.name}`} onClick={() => onEdit(role)} />
      <DeleteButton
        aria-label={text.deleteRole(role.name)}
        confirm={{
          title: text.deleteRoleTitle(role.name),
          description: text.deleteRoleBody(holders),
          confirmLabel: text.deleteRole(role.name),
          cancelLabel: text.cancel,
        }}
        action={() => del.mutateAsync(role.id)}
        done={text.roleDeleted}
      />
    </div>
  );
}

const rc = columnHelper<RoleWithHolders>();
function roleColumnsFor(
  isSuper: boolean,
  onEdit: (role: RoleRow) => void,
): DataTableColumn<RoleWithHolders>[] {
  return [
    rc.accessor('name', {
      header: text.roleName,
      meta: { cardTitle: true, className: 'font-semibold' },
    }),
    rc.accessor('description', { header: text.roleDescription }),
    rc.display({
      id: 'permissions',
      header: text.rolePermissions,
      cell: ({ row }) => row.original.permissions.join(', ') || '—',
    }),
    rc.display({
      id: 'holders',
      header: text.holders,
      meta: { className: 'tabular-nums' },
      cell: ({ row }) => row.original.user_roles[0]?.count ?? 0,
    }),
    ...(isSuper
      ? [
          rc.display({
            id: 'actions',
            header: text.rbacActions,
            cell: ({ row }) => <RoleActions role={row.original} onEdit={onEdit} />,
          }),
        ]
      : []),
  ];
}

const whoOf = (a: Assignment) => a.user?.full_name ?? a.user?.email ?? a.user_id;

function RemoveAssignment({ a }: { a: Assignment }) {
  const remove = useRemoveAssignment();
  const who = whoOf(a);
  const role = a.role?.name ?? '';
  return (
    <DeleteButton
      aria-label={text.remove(role, who)}
      confirm={{
        title: text.removeTitle(role, who),
        confirmLabel: text.remove(role, who),
        cancelLabel: text.cancel,
      }}
      action={() => remove.mutateAsync(a.id)}
      done={text.removed}
    />
  );
}

const ac = columnHelper<Assignment>();
function assignmentColumnsFor(isSuper: boolean): DataTableColumn<Assignment>[] {
  return [
    ac.display({
      id: 'who',
      header: text.assignmentPerson,
      meta: { cardTitle: true, className: 'font-semibold' },
      cell: ({ row }) => whoOf(row.original),
    }),
    ac.display({
      id: 'role',
      header: text.assignmentRole,
      cell: ({ row }) => row.original.role?.name ?? '',
    }),
    ac.accessor('assigned_at', {
      header: text.assignedAt,
      meta: { className: 'whitespace-nowrap' },
      cell: ({ getValue }) => formatDate(getValue()),
    }),
    ac.display({
      id: 'by',
      header: text.assignedBy,
      cell: ({ row }) =>
        row.original.assigner
          ? (row.original.assigner.full_name ?? row.original.assigner.email)
          : '',
    }),
    ...(isSuper
      ? [
          ac.display({
            id: 'actions',
            header: text.rbacActions,
            cell: ({ row }) => <RemoveAssignment a={row.original} />,
          }),
        ]
      : []),
  ];
}

export function Component() {
  const auth = useAuth();
  const isSuper = auth.user?.type === 'super_admin';
  const roles = useRoles();
  const assignments = useAssignments();
  const [editing, setEditing] = useState<RoleRow | 'new' | null>(null);
  const roleColumns = useMemo(() => roleColumnsFor(isSuper, setEditing), [isSuper]);
  const assignmentColumns = useMemo(() => assignmentColumnsFor(isSuper), [isSuper]);

  return (
    <div className="max-w-5xl">
      <PageHeader title={text.rbacTitle}>{text.rbacIntro}</PageHeader>
      {!isSuper && (
        <p className="mb-4 rounded-md bg-amber-50 px-4 py-2 text-sm text-amber-900">
          {text.readOnly}
        </p>
      )}
      <Card>
        <div className="flex items-center justify-between gap-3">
          <h2 className="font-serif text-xl font-bold">{text.roles}</h2>
          {isSuper && editing === null && (
            <Button variant="secondary" onClick={() => setEditing('new')}>
              <Plus className="h-4 w-4" aria-hidden /> {text.addRole}
            </Button>
          )}
        </div>
        {editing !== null && (
          <RoleForm role={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        )}
        <div className="mt-3">
          <ResourceList
            query={roles}
            label={text.rolesLabel}
            columns={roleColumns}
            empty={{ title: text.rolesEmpty }}
          />
        </div>
      </Card>
      <Card className="mt-6">
        <h2 className="mb-3 font-serif text-xl font-bold">{text.assignments}</h2>
        {isSuper && roles.data && <AssignForm roles={roles.data} by={auth.user?.id ?? ''} />}
        <ResourceList
          query={assignments}
          label={text.assignmentsLabel}
          columns={assignmentColumns}
          empty={{ title: text.assignmentsEmpty }}
        />
      </Card>
    </div>
  );
}
