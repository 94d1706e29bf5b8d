import { SafeHtml } from '@/components/rich-text';
import { descriptionToHtml } from '@/lib/stored-html';
import { Award, UserRound } from 'lucide-react';
import { QueryState } from '@/components/ui/query-state';
import { LoadingState } from '@/components/ui/states';
import { formatDate, imageUrl } from '@/lib/images';
import { useAchievements, useBoard, useOrganization } from '../api/site';
import { text } from '../text';
import { QuerySection } from '@/components/ui/query-section';

export function OrganizationInfo() {
  return (
    <QueryState
      query={useOrganization()}
      loading={<LoadingState rows={2} />}
      errorTitle={text.loadError}
      empty={text.noInfo}
    >
      {(sections) => (
        <div className="grid gap-6 md:grid-cols-2">
          {sections.map((s) => (
            <section
              key={s.id}
              className="rounded-lg border border-stone-200 bg-white p-6"
              aria-labelledby={`org-${s.section}`}
            >
              <h2 id={`org-${s.section}`} className="font-serif text-xl font-bold">
                {s.title ?? s.section}
              </h2>
              <SafeHtml html={descriptionToHtml(s.content)} className="mt-2 text-stone-800" />
            </section>
          ))}
        </div>
      )}
    </QueryState>
  );
}

export function BoardMembers() {
  return (
    <QuerySection
      id="board"
      title={text.board}
      query={useBoard()}
      errorTitle={text.loadError}
      empty={text.noBoard}
    >
      {(members) => (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="board-members">
          {members.map((m) => (
            <li key={m.id} className="rounded-lg border border-stone-200 bg-white p-5 text-center">
              {m.photo_url ? (
                <img
                  src={imageUrl(m.photo_url, { width: 160, height: 160 })}
                  alt=""
                  width={80}
                  height={80}
                  className="mx-auto h-20 w-20 rounded-full object-cover"
                />
              ) : (
                <UserRound
                  className="mx-auto h-20 w-20 rounded-full bg-orange-100 p-4 text-orange-800"
                  aria-hidden
                />
              )}
              <p className="mt-3 font-semibold">{m.name}</p>
              <p className="text-sm text-orange-900">{m.designation}</p>
              {m.bio && <p className="mt-2 text-sm text-stone-700">{m.bio}</p>}
            </li>
          ))}
        </ul>
      )}
    </QuerySection>
  );
}

export function Achievements() {
  return (
    <QuerySection
      id="achievements"
      title={text.achievements}
      query={useAchievements()}
      errorTitle={text.loadError}
      empty={text.noAchievements}
    >
      {(achievements) => (
        <ul className="grid gap-4 md:grid-cols-2">
          {achievements.map((a) => (
            <li key={a.id} className="flex gap-4 rounded-lg border border-stone-200 bg-white p-5">
              <Award className="h-8 w-8 shrink-0 text-amber-700" aria-hidden />
              <div>
                <p className="font-semibold">{a.title}</p>
                <p className="text-sm text-stone-600">
                  {[a.achiever_name, a.category, formatDate(a.achievement_date)]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                {a.description && (
                  <SafeHtml
                    html={descriptionToHtml(a.description)}
                    className="mt-1 text-sm text-stone-800"
                  />
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </QuerySection>
  );
}
