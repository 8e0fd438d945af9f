import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import {
  GENDERS,
  validateDateOfBirth,
  validateGender,
  validateName,
} from '../../../contract/rules/profile.ts';
import { BotCheckNotice, NextButton, SignupStep } from './components/signup-frame.tsx';
import { useSignup } from './signup-store.ts';

/** /profileinfo (step 2 of 3). */
export function ProfileInfoPage() {
  const navigate = useNavigate();
  const form = useSignup((state) => state.form);
  const update = useSignup((state) => state.update);
  const [problem, setProblem] = useState<string | null>(null);
  // Next stays disabled until the step is complete; a name left blank says why once its field is
  // left (or holds only spaces), rather than on a submit the disabled button never makes.
  const [nameLeft, setNameLeft] = useState(false);
  if (!form.email) return <Navigate to="/signup" replace />;
  if (validatePasswordReady(form.password, form.cpassword))
    return <Navigate to="/createPass" replace />;

  const nameProblem = validateName(form.name);
  const shownNameProblem = nameLeft || form.name.length > 0 ? nameProblem : null;
  const dobProblem = form.DOB ? validateDateOfBirth(form.DOB) : null;
  const ready =
    !nameProblem && form.DOB && !validateDateOfBirth(form.DOB) && !validateGender(form.gender);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const invalid =
      validateName(form.name) ?? validateDateOfBirth(form.DOB) ?? validateGender(form.gender);
    setProblem(invalid);
    if (!invalid) navigate('/terms&conditions');
  }

  return (
    <SignupStep step={2} title="Tell us about yourself" back="/createPass">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
        <div className="flex flex-col gap-1">
          <label htmlFor="signup-name" className="text-sm font-bold">
            Name
          </label>
          <p id="signup-name-help" className="text-sm text-muted">
            This name will appear on your profile
          </p>
          <input
            id="signup-name"
            value={form.name}
            autoComplete="name"
            aria-describedby={`signup-name-help${shownNameProblem ? ' signup-name-problem' : ''}`}
            aria-invalid={Boolean(shownNameProblem) || undefined}
            onChange={(event) => update({ name: event.target.value })}
            onBlur={() => setNameLeft(true)}
            className="h-12 rounded border border-white/30 bg-[#121212] px-3 outline-none hover:border-white focus:border-white"
          />
          {shownNameProblem && (
            <p id="signup-name-problem" className="text-sm text-red-400">
              {shownNameProblem}
            </p>
          )}
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="signup-dob" className="text-sm font-bold">
            Date of birth
          </label>
          <input
            id="signup-dob"
            type="date"
            value={form.DOB}
            min="1900-01-01"
            max={new Date().toISOString().slice(0, 10)}
            onChange={(event) => update({ DOB: event.target.value })}
            aria-invalid={Boolean(dobProblem) || undefined}
            className="h-12 rounded border border-white/30 bg-[#121212] px-3 outline-none [color-scheme:dark] hover:border-white focus:border-white"
          />
          {dobProblem && <p className="text-sm text-red-400">{dobProblem}</p>}
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-bold">Gender</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-3">
            {GENDERS.map((gender) => (
              <label key={gender} className="flex cursor-pointer items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="gender"
                  value={gender}
                  checked={form.gender === gender}
                  onChange={() => update({ gender })}
                  className="size-4 accent-[var(--color-brand)]"
                />
                {gender}
              </label>
            ))}
          </div>
        </fieldset>
        {problem && problem !== dobProblem && problem !== shownNameProblem && (
          <p role="alert" className="text-sm text-red-400">
            {problem}
          </p>
        )}
        <NextButton disabled={!ready} />
      </form>
      <BotCheckNotice />
    </SignupStep>
  );
}

function validatePasswordReady(password: string, cpassword: string): boolean {
  return !password || password !== cpassword;
}
