import { makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import useSWR from 'swr';
import { discoveryCalls, friendCalls, type FoundUser } from '../../../model/calls/friends';
import { callApi, callKey } from '../../api/calls';

/** The discovery page's data and commands (the views are DiscoveryLists.tsx and DiscoveryFriends.tsx). */
export const DISCOVERY_PAGE_SIZE = 24;

export const useDiscoveryStyles = makeStyles({
  page: { minHeight: '100vh', background: tokens.colorNeutralBackground2 },
  top: { display: 'flex', alignItems: 'center', gap: '12px', padding: '10px 24px', background: '#14264a', color: 'white' },
  body: { maxWidth: '1200px', margin: '0 auto', padding: '20px 24px', display: 'grid', gap: '14px' },
  bar: { display: 'flex', gap: '8px', alignItems: 'center', flexWrap: 'wrap' },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))', gap: '12px' },
  card: { minHeight: '96px' },
  line: { display: 'flex', gap: '6px', flexWrap: 'wrap', alignItems: 'center' },
  clamp: { display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden', color: tokens.colorNeutralForeground2 },
  list: { display: 'grid', gap: '8px' },
  row: { display: 'flex', alignItems: 'center', gap: '10px', padding: '10px 12px', background: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusMedium, border: `1px solid ${tokens.colorNeutralStroke2}` },
});

/** A search box's text and the query it was last submitted as (Enter or the search button). */
export function useSearch() {
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState('');
  return { keyword, setKeyword, query, submit: () => setQuery(keyword.trim()) };
}

/**
 * The public companies of one kind matching the query; a signed-in caller sees contacts (the reply
 * differs, so the cache key holds whether the caller is signed in). Asking a company's contact to be
 * friends remembers the answer per company code.
 */
export function useDiscoveredCompanies(signedIn: boolean) {
  const search = useSearch();
  const [type, setType] = useState('');
  const [asked, setAsked] = useState<Record<string, string>>({});
  const input = { keyword: search.query || undefined, type: type || undefined, size: DISCOVERY_PAGE_SIZE };
  const { data, isLoading } = useSWR([...callKey(discoveryCalls.companies, input), signedIn], () => callApi(discoveryCalls.companies, input, { quiet: true }));
  const ask = async (code: string) => {
    try {
      const r = await callApi(friendCalls.request, { client_code: code });
      setAsked((before) => ({ ...before, [code]: r.status }));
    } catch {
      /* the envelope's toast told the reason */
    }
  };
  return { search, type, setType, asked, ask, data, isLoading };
}

/** The public sourcing projects matching the query (contacts once signed in, as for companies). */
export function useDiscoveredProjects(signedIn: boolean) {
  const search = useSearch();
  const input = { keyword: search.query || undefined, size: DISCOVERY_PAGE_SIZE };
  const { data, isLoading } = useSWR([...callKey(discoveryCalls.projects, input), signedIn], () => callApi(discoveryCalls.projects, input, { quiet: true }));
  return { search, data, isLoading };
}

/** Finding a user by exact username, mobile or e-mail, and asking them to be friends. */
export function useAddFriend() {
  const [keyword, setKeyword] = useState('');
  const [message, setMessage] = useState('');
  const [found, setFound] = useState<FoundUser | undefined>(undefined);
  const find = async () => setFound((await callApi(friendCalls.find, { keyword })).user);
  const ask = async () => {
    if (!found) return;
    const r = await callApi(friendCalls.request, { user_id: found.id, message });
    setFound({ ...found, state: r.status === 'accepted' ? 'friend' : 'pending' });
  };
  return { keyword, setKeyword, message, setMessage, found, find, ask };
}
