# An independent Glicko-2 written from Glickman's paper, printing every step, to check the Swift rules.
from math import *
S = 173.7178
def period(r, rd, sig, opps, tau):
    mu, phi = (r-1500)/S, rd/S
    g = lambda p: 1/sqrt(1+3*p*p/pi**2)
    terms = []
    for (rj, rdj, s) in opps:
        muj, phij = (rj-1500)/S, rdj/S
        E = 1/(1+exp(-g(phij)*(mu-muj)))
        terms.append((g(phij), E, s))
    v = 1/sum(gj*gj*E*(1-E) for gj,E,s in terms)
    dsum = sum(gj*(s-E) for gj,E,s in terms)
    delta = v*dsum
    a = log(sig*sig)
    f = lambda x: exp(x)*(delta**2-phi**2-v-exp(x))/(2*(phi**2+v+exp(x))**2) - (x-a)/tau**2
    A = a
    if delta**2 > phi**2+v: B = log(delta**2-phi**2-v)
    else:
        k = 1
        while f(a-k*tau) < 0: k += 1
        B = a-k*tau
    fA, fB = f(A), f(B)
    while abs(B-A) > 1e-6:
        C = A+(A-B)*fA/(fB-fA); fC = f(C)
        if fC*fB <= 0: A, fA = B, fB
        else: fA /= 2
        B, fB = C, fC
    sig2 = exp(A/2)
    phistar = sqrt(phi**2+sig2**2)
    phi2 = 1/sqrt(1/phistar**2+1/v)
    mu2 = mu+phi2**2*dsum
    print(f"   g,E={[(round(x,6),round(y,6)) for x,y,_ in terms]} v={v:.6f} delta={delta:.6f} sigma'={sig2:.8f} phi*={phistar:.6f} phi'={phi2:.6f} mu'={mu2:.6f}")
    return S*mu2+1500, S*phi2, sig2
def grow(rd, sig, days):
    t = days*0.21436
    return min(500, sqrt((rd/S)**2 + t*sig*sig)*S)
def game(p1, p2, score1, tau=0.75):
    (r1, rd1, s1, d1), (r2, rd2, s2, d2) = p1, p2
    g1, g2 = grow(rd1, s1, d1), grow(rd2, s2, d2)
    print(f" grown RDs: {g1:.6f} {g2:.6f}")
    a = period(r1, g1, s1, [(r2, g2, score1)], tau)
    b = period(r2, g2, s2, [(r1, g1, 1-score1)], tau)
    lim = lambda x: (x[0], min(max(x[1],45),500), min(x[2],0.1))
    print(" player1 after", lim(a)); print(" player2 after", lim(b))
print("Glickman's example"); print(period(1500,200,0.06,[(1400,30,1),(1550,100,0),(1700,300,0)],0.5))
print("A: two new players, player1 wins"); game((1500,500,0.09,0),(1500,500,0.09,0),1)
print("B: 1700/80/0.06 idle 30 days draws 1500/120/0.075 idle 2 days"); game((1700,80,0.06,30),(1500,120,0.075,2),0.5)
print("C: 1800/45/0.01 beats 1800/45/0.01 the same day"); game((1800,45,0.01,0),(1800,45,0.01,0),1)
print("D: 1200/50/0.1 beats 2200/50/0.1 the same day"); game((1200,50,0.1,0),(2200,50,0.1,0),1)
print("E: 1500/60/0.06 idle 400 days loses to a new player"); game((1500,60,0.06,400),(1500,500,0.09,0),0)
